import { writeFile } from "node:fs/promises";
import path from "node:path";
import { decodeImage } from "../content/image-store";
import { AppError } from "../errors";
import { Admission, withFreshTokens } from "./admission";
import { collectUploads } from "./export-scope";
import { DATA_ENTRY, refused, UPLOAD_ENTRY, VARIANT_KEY } from "./format";
import type { ImportOptions } from "./import-options";
import { type ArchiveEntry, readArchive } from "./read-archive";
import { applyRowRules } from "./row-rules";
import { archiveTables, decodeRow } from "./tables";

/**
 * The first pass of an import, over the file alone: read everything, write nothing but
 * re-encoded images to staging. The studio runs it in a child process with a memory bound
 * (inspect-child.ts); its result is plain data for that reason.
 */

const EXT: Record<string, string[]> = { jpeg: [".jpg", ".jpeg"], png: [".png"], webp: [".webp"] };

export type InspectOptions = Pick<
  ImportOptions,
  "file" | "stagingDir" | "dryRun" | "scope" | "withSecrets" | "keepFollowersConfirmed" | "authorEmails"
>;

export interface Inspected {
  rowCounts: [string, number][];
  images: { key: string; staged: string; width: number }[];
  /** The archive's accounts: id → email. */
  emails: [string, string][];
  /** Accounts named by rows that will be taken. */
  userRefs: string[];
  /** Per table, ids rows refer to that the archive does not hold (this blog must). */
  missing: [string, string[]][];
  sanitised: number;
  /** Images the rows taken show (the studio's import); null: every image. */
  shownUploads: string[] | null;
}

export async function inspectArchive(
  options: InspectOptions,
  log: (text: string) => void,
): Promise<Inspected> {
  const tables = new Map(archiveTables({ withSecrets: true }).map((t) => [t.name, t]));
  const keys = new Map<string, Set<string>>();
  const needed = new Map<string, Set<string>>();
  const rowCounts = new Map<string, number>();
  const emails = new Map<string, string>();
  const images: Inspected["images"] = [];
  let sanitised = 0;
  const admission = new Admission(options, tables);
  /** The studio's import places only the images its rows show (not the other author's). */
  const shown = options.scope ? new Set<string>() : null;
  /** Accounts referred to by rows that will be taken, and replies' links to their own table. */
  const userRefs = new Set<string>();
  const selfLinks: { table: string; key: string }[] = [];

  // Entries are checked before the manifest at the end proves them whole, and the first bad one
  // ends the import (item 8): a problem found here may be damage, and its message says so.
  const checkEntry = async ({ name, data }: ArchiveEntry) => {
    const dataMatch = DATA_ENTRY.exec(name);
    const uploadMatch = UPLOAD_ENTRY.exec(name);
    if (dataMatch) {
      const t = tables.get(dataMatch[1]!);
      if (!t)
        throw refused(
          `The archive holds '${dataMatch[1]}', which this version of Duet does not know; update Duet`,
        );
      const lines = data
        .toString("utf8")
        .split("\n")
        .filter((l) => l !== "");
      for (const [i, line] of lines.entries()) {
        const where = `row ${i + 1} of ${name}`;
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          throw refused(`The archive is damaged: ${where} is not JSON`);
        }
        const decoded = decodeRow(t, withFreshTokens(t, raw));
        if ("problem" in decoded)
          throw refused(`The archive is damaged or not valid: ${where}: ${decoded.problem}`);
        const ruled = applyRowRules(t.name, decoded.values);
        if (typeof ruled === "string")
          throw refused(`The archive is damaged or not valid: ${where}: ${ruled}`);
        if (ruled.sanitised) sanitised++;
        const key = t.primaryKey.map((k) => String(decoded.values[k])).join("\u0000");
        const seen = keys.get(t.name) ?? new Set();
        keys.set(t.name, seen);
        if (seen.has(key)) throw refused(`The archive is damaged or not valid: ${where} repeats an id`);
        seen.add(key);
        if (t.name === "user") emails.set(String(decoded.values.id), String(ruled.values.email));
        if (!admission.admit(t, ruled.values)) continue;
        if (shown) collectUploads(JSON.stringify(ruled.values), shown);
        for (const [field, ref] of t.references) {
          const value = decoded.values[field];
          if (typeof value !== "string") continue;
          if (ref.table === "user") userRefs.add(value);
          else if (ref.table === t.name) selfLinks.push({ table: t.name, key: value });
          else {
            const set = needed.get(ref.table) ?? new Set();
            needed.set(ref.table, set);
            set.add(value);
          }
        }
      }
      rowCounts.set(t.name, (rowCounts.get(t.name) ?? 0) + lines.length);
    } else if (uploadMatch) {
      const key = uploadMatch[1]!;
      // Variants are made again from their re-encoded original.
      if (VARIANT_KEY.test(key)) return;
      const decoded = await decodeImage(path.basename(key), data).catch((error: unknown) => {
        if (error instanceof AppError)
          throw refused(
            `The image '${key}' in the archive is not an image Duet accepts (or the archive is damaged)`,
          );
        throw error;
      });
      if (!EXT[decoded.format]?.includes(path.extname(key).toLowerCase()))
        throw refused(
          `The image '${key}' in the archive is not the kind of image its name says (or the archive is damaged)`,
        );
      const staged = path.join(options.stagingDir, `${images.length}`);
      if (!options.dryRun) await writeFile(staged, decoded.data);
      images.push({ key, staged, width: decoded.width });
      if (images.length % 50 === 0) log(`Checked ${images.length} images`);
    } else {
      throw refused(`The archive is damaged: it holds an unexpected entry '${name}'`);
    }
  };
  // The first bad entry ends the import; nothing after it is unpacked.
  const manifest = await readArchive(options.file, checkEntry);

  for (const [table, n] of Object.entries(manifest.counts.rows))
    if ((rowCounts.get(table) ?? 0) !== n)
      throw refused(`The archive is damaged: '${table}' should hold ${n} rows`);

  // An account is referred to only by the archive's own accounts: a row never lands on a local id.
  for (const id of userRefs)
    if (!emails.has(id))
      throw refused("The archive is not valid: some rows refer to an account that is not in the archive");
  // A reply taken must not hang under a comment left out (the studio takes one blog).
  for (const link of selfLinks)
    if (admission.isSkipped(link.table, { [tables.get(link.table)!.primaryKey[0]!]: link.key }))
      throw refused("The archive is not valid: a reply belongs to another blog than its comment");
  // What is neither in the archive nor taken for granted: the database must hold it (check-archive.ts).
  const missing: [string, string[]][] = [];
  for (const [table, values] of needed) {
    const inArchive = keys.get(table) ?? new Set();
    const absent = [...values].filter((v) => !inArchive.has(v));
    if (absent.length > 0) missing.push([table, absent]);
  }
  return {
    rowCounts: [...rowCounts],
    shownUploads: shown && [...shown],
    images,
    emails: [...emails],
    userRefs: [...userRefs],
    missing,
    sanitised,
  };
}
