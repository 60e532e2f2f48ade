import { writeFile } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { AppError } from "../errors";
import { decodeImage } from "../uploads/image-store";
import { Admission, placeholderFor, type TrustOptions, type UserPlan, withFreshTokens } from "./admission";
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
  /** Where each archive account lands here (admission.ts). */
  users: UserPlan;
  /** The studio's import creates only the accounts its rows need; null: every account. */
  neededUsers: Set<string> | null;
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
  const admission = new Admission(options, tables);
  /** Accounts referred to by rows that will be taken, and replies' links to their own table. */
  const userRefs = new Set<string>();
  const selfLinks: { table: string; key: string }[] = [];

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
        const decoded = decodeRow(t, withFreshTokens(t, raw));
        if ("problem" in decoded) throw refused(`The archive is not valid: ${where}: ${decoded.problem}`);
        const ruled = applyRowRules(t.name, decoded.values);
        if (typeof ruled === "string") throw refused(`The archive is not valid: ${where}: ${ruled}`);
        if (ruled.sanitised) sanitised++;
        const key = t.primaryKey.map((k) => String(decoded.values[k])).join("\u0000");
        const seen = keys.get(t.name) ?? new Set();
        keys.set(t.name, seen);
        if (seen.has(key)) throw refused(`The archive is not valid: ${where} repeats an id`);
        seen.add(key);
        if (t.name === "user") emails.set(String(decoded.values.id), String(ruled.values.email));
        if (!admission.admit(t, ruled.values)) continue;
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

  // An account is referred to only by the archive's own accounts: a row never lands on a local id.
  for (const id of userRefs)
    if (!emails.has(id))
      throw refused("The archive is not valid: some rows refer to an account that is not in the archive");
  // A reply taken must not hang under a comment left out (the studio takes one blog).
  for (const link of selfLinks)
    if (admission.isSkipped(link.table, { [tables.get(link.table)!.primaryKey[0]!]: link.key }))
      throw refused("The archive is not valid: a reply belongs to another blog than its comment");
  const neededUsers = options.scope ? userRefs : null;
  const users = await planUsers(options.db, emails, neededUsers, options);
  // Every other reference points at a row of the archive or of this blog.
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
  return { tables, rowCounts, images, users, neededUsers, sanitised };
}

/**
 * Where each archive account lands (admission.ts): an account with the same email here is kept as
 * it is and the rows follow it (the studio: only the importing author's own account); otherwise
 * the archive's account is added, or a stand-in with a placeholder address when the studio may
 * not attach it (another local account, the other author's address).
 */
async function planUsers(
  db: Db,
  emails: Map<string, string>,
  needed: Set<string> | null,
  options: TrustOptions,
): Promise<UserPlan> {
  const plan: UserPlan = new Map();
  const { scope } = options;
  const authorAddresses = new Set(Object.values(options.authorEmails ?? {}).map((e) => e.toLowerCase()));
  const all = [...emails].filter(([id]) => !needed || needed.has(id));
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const byEmail = new Map(
      (
        await db
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(
            inArray(
              user.email,
              chunk.map(([, email]) => email),
            ),
          )
      ).map((r) => [r.email, r.id]),
    );
    const byId = new Map(
      (
        await db
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(
            inArray(
              user.id,
              chunk.map(([id]) => id),
            ),
          )
      ).map((r) => [r.id, r.email]),
    );
    for (const [id, email] of chunk) {
      const existing = byEmail.get(email);
      const ownAccount = !scope || email === scope.email.toLowerCase();
      const otherAuthor = !!scope && !ownAccount && authorAddresses.has(email);
      if (existing && ownAccount) plan.set(id, { id: existing, email, existing: true, placeholder: false });
      else if (existing || otherAuthor || (scope && byId.has(id)))
        plan.set(id, { ...placeholderFor(id), existing: false, placeholder: true });
      else if (byId.has(id))
        throw refused(`The archive's account ${email} has the id of another account of this blog`);
      else plan.set(id, { id, email, existing: false, placeholder: false });
    }
  }
  return plan;
}
