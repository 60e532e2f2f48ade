import { writeFile } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { AppError } from "../errors";
import { decodeImage } from "../uploads/image-store";
import { ArchiveError, DATA_ENTRY, UPLOAD_ENTRY, VARIANT_KEY } from "./format";
import type { ImportOptions } from "./import";
import { type ArchiveEntry, readArchive } from "./read-archive";
import { applyRowRules } from "./row-rules";
import { type ArchiveTable, archiveTables, decodeRow } from "./tables";

/** The first pass of an import: read everything, write nothing but re-encoded images to staging. */

const EXT: Record<string, string[]> = { jpeg: [".jpg", ".jpeg"], png: [".png"], webp: [".webp"] };
export const refused = (detail: string) => new ArchiveError(`${detail}. Nothing was imported.`);

export interface Checked {
  tables: Map<string, ArchiveTable>;
  rowCounts: Map<string, number>;
  images: { key: string; staged: string; width: number }[];
  userIdMap: Map<string, string>;
  sanitised: number;
}

export async function checkArchive(options: ImportOptions, log: (text: string) => void): Promise<Checked> {
  const tables = new Map(archiveTables({ withSecrets: true }).map((t) => [t.name, t]));
  const keys = new Map<string, Set<string>>();
  const needed = new Map<string, Set<string>>();
  const rowCounts = new Map<string, number>();
  const emails = new Map<string, string>();
  const images: Checked["images"] = [];
  let sanitised = 0;

  // A damaged archive can decompress into rows that look merely invalid before the checksums at
  // its end are read: the first problem with the content waits until the archive proved whole.
  let problem: unknown = null;
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
        const decoded = decodeRow(t, raw);
        if ("problem" in decoded) throw refused(`The archive is not valid: ${where}: ${decoded.problem}`);
        const ruled = applyRowRules(t.name, decoded.values);
        if (typeof ruled === "string") throw refused(`The archive is not valid: ${where}: ${ruled}`);
        if (ruled.sanitised) sanitised++;
        const key = t.primaryKey.map((k) => String(decoded.values[k])).join("\u0000");
        const seen = keys.get(t.name) ?? new Set();
        keys.set(t.name, seen);
        if (seen.has(key)) throw refused(`The archive is not valid: ${where} repeats an id`);
        seen.add(key);
        for (const [field, ref] of t.references) {
          const value = decoded.values[field];
          if (typeof value !== "string") continue;
          const set = needed.get(ref.table) ?? new Set();
          needed.set(ref.table, set);
          set.add(value);
        }
        if (t.name === "user") emails.set(String(decoded.values.id), String(ruled.values.email));
      }
      rowCounts.set(t.name, (rowCounts.get(t.name) ?? 0) + lines.length);
    } else if (uploadMatch) {
      const key = uploadMatch[1]!;
      // Variants are made again from their re-encoded original.
      if (VARIANT_KEY.test(key)) return;
      const decoded = await decodeImage(path.basename(key), data).catch((error: unknown) => {
        if (error instanceof AppError)
          throw refused(`The image '${key}' in the archive is not an image Duet accepts`);
        throw error;
      });
      if (!EXT[decoded.format]?.includes(path.extname(key).toLowerCase()))
        throw refused(`The image '${key}' in the archive is not the kind of image its name says`);
      const staged = path.join(options.stagingDir, `${images.length}`);
      if (!options.dryRun) await writeFile(staged, decoded.data);
      images.push({ key, staged, width: decoded.width });
      if (images.length % 50 === 0) log(`Checked ${images.length} images`);
    } else {
      throw refused(`The archive is damaged: it holds an unexpected entry '${name}'`);
    }
  };
  const manifest = await readArchive(options.file, async (entry) => {
    if (problem !== null) return;
    await checkEntry(entry).catch((error: unknown) => {
      problem = error;
    });
  });
  if (problem !== null) throw problem;

  for (const [table, n] of Object.entries(manifest.counts.rows))
    if ((rowCounts.get(table) ?? 0) !== n)
      throw refused(`The archive is damaged: '${table}' should hold ${n} rows`);

  // Every reference points at a row of the archive or of this blog.
  const userIdMap = await matchUsersByEmail(options.db, emails);
  for (const [table, values] of needed) {
    const t = tables.get(table);
    const inArchive = keys.get(table) ?? new Set();
    const missing = [...values].filter((v) => !inArchive.has(v));
    if (!t || missing.length === 0) continue;
    const field = t.primaryKey[0]!;
    const column = t.columns.get(field)!;
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const found = await options.db.select({ v: column }).from(t.table).where(inArray(column, chunk));
      if (found.length !== chunk.length)
        throw refused(
          `The archive is not valid: some rows refer to a '${table}' that is neither in the archive nor in this blog`,
        );
    }
  }
  return { tables, rowCounts, images, userIdMap, sanitised };
}

/** An account that already exists here (same email, another id) keeps its id; the archive's rows follow it. */
async function matchUsersByEmail(db: Db, emails: Map<string, string>): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const all = [...emails];
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const rows = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          chunk.map(([, email]) => email),
        ),
      );
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    for (const [id, email] of chunk) {
      const existing = byEmail.get(email);
      if (existing && existing !== id) map.set(id, existing);
    }
    const sameIds = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.id,
          chunk.map(([id]) => id),
        ),
      );
    for (const row of sameIds)
      if (emails.get(row.id) !== row.email)
        throw refused(
          `The archive's account ${emails.get(row.id)} has the id of another account of this blog`,
        );
  }
  return map;
}
