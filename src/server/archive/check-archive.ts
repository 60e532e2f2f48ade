import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { placeholderFor, type TrustOptions, type UserPlan } from "./admission";
import { refused } from "./format";
import type { ImportOptions } from "./import-options";
import { inspectArchive } from "./inspect-archive";
import { inspectInChild } from "./inspect-child";
import { type ArchiveTable, archiveTables } from "./tables";

/**
 * The first pass of an import: the file inspected (inspect-archive.ts, in a child process for the
 * studio), then what the database must say: where the accounts land, and that every reference
 * the archive does not hold is a row of this blog.
 */
export { refused };

export interface Checked {
  tables: Map<string, ArchiveTable>;
  rowCounts: Map<string, number>;
  images: { key: string; staged: string; width: number }[];
  /** Where each archive account lands here (admission.ts). */
  users: UserPlan;
  /** The studio's import creates only the accounts its rows need; null: every account. */
  neededUsers: Set<string> | null;
  sanitised: number;
  /** Images the rows taken show (the studio's import); null: every image. */
  shownUploads: Set<string> | null;
}

export async function checkArchive(options: ImportOptions, log: (text: string) => void): Promise<Checked> {
  const inspected = options.isolate ? await inspectInChild(options, log) : await inspectArchive(options, log);
  const tables = new Map(archiveTables({ withSecrets: true }).map((t) => [t.name, t]));
  const emails = new Map(inspected.emails);
  const userRefs = new Set(inspected.userRefs);
  const neededUsers = options.scope ? userRefs : null;
  const users = await planUsers(options.db, emails, neededUsers, options);
  // Every other reference points at a row of the archive or of this blog.
  for (const [table, missing] of inspected.missing) {
    const t = tables.get(table);
    if (!t) continue;
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
  const { images, sanitised } = inspected;
  const shownUploads = inspected.shownUploads && new Set(inspected.shownUploads);
  return {
    tables,
    rowCounts: new Map(inspected.rowCounts),
    images,
    users,
    neededUsers,
    sanitised,
    shownUploads,
  };
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
