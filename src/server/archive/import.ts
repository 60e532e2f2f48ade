import { mkdir, readFile, rm } from "node:fs/promises";
import { and, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { makeVariants } from "../content/image-store";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { Admission, keyOf, withFreshTokens } from "./admission";
import { type Checked, checkArchive, refused } from "./check-archive";
import { uploadWanted } from "./export-scope";
import { ArchiveError, DATA_ENTRY } from "./format";
import type { ImportOptions } from "./import-options";
import { readArchive } from "./read-archive";
import { applyRowRules } from "./row-rules";
import { type ArchiveRow, type ArchiveTable, decodeRow } from "./tables";

/** `scope`, `withSecrets`, `keepFollowersConfirmed`: what the archive may grant (admission.ts). */

export const BLOG_NOT_EMPTY =
  "This blog already has posts: an archive can only be imported into an empty blog.";

export async function blogHasPosts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(blogPosts);
  return (row?.n ?? 0) > 0;
}

export interface ImportReport {
  dryRun: boolean;
  /** Per table: rows in the archive, rows added, and rows left out (admission.ts); the rest were already there. */
  tables: Record<string, { rows: number; added: number; skipped?: number }>;
  images: { count: number; added: number };
  /** Posts whose content held markup the editor does not produce (removed). */
  sanitised: number;
}

class Rollback extends Error {}

/**
 * Import a Duet archive: check everything first (checksums, every row, every image decoded and
 * re-encoded as for an upload, references), then place the images under their final names, then
 * add every row in one transaction. Rows keep their ids, so importing twice adds nothing the
 * second time; a failure removes the images this import wrote and leaves the blog as it was.
 */
export async function importArchive(options: ImportOptions): Promise<ImportReport> {
  const { db } = options;
  const log = options.onProgress ?? (() => {});
  if (options.requireEmpty && (await blogHasPosts(db))) throw new ArchiveError(BLOG_NOT_EMPTY);
  await mkdir(options.stagingDir, { recursive: true });
  try {
    const checked = await checkArchive(options, log);
    return await apply(options, checked, log);
  } finally {
    await rm(options.stagingDir, { recursive: true, force: true });
  }
}

async function apply(
  options: ImportOptions,
  checked: Checked,
  log: (text: string) => void,
): Promise<ImportReport> {
  const { db, storage } = options;
  const report: ImportReport = {
    dryRun: !!options.dryRun,
    tables: {},
    images: { count: checked.images.length, added: 0 },
    sanitised: checked.sanitised,
  };
  for (const [name, rows] of checked.rowCounts) report.tables[name] = { rows, added: 0 };
  const admission = new Admission(options, checked.tables, checked.users, checked.neededUsers);
  const addedUsers = new Set<string>();

  // Images first, under their final names; an existing name is the same image (names are unique).
  const written: string[] = [];
  try {
    for (const image of checked.images) {
      if (checked.shownUploads && !uploadWanted(image.key, checked.shownUploads)) continue;
      if (await storage.exists(image.key)) continue;
      report.images.added++;
      if (options.dryRun) continue;
      const data = await readFile(image.staged);
      if (!(await storage.put(image.key, data, { exclusive: true }))) continue;
      written.push(image.key);
      for (const variant of await makeVariants({ data, width: image.width })) {
        const key = `${image.key}.${variant.width}w.webp`;
        if (await storage.put(key, variant.data, { exclusive: true })) written.push(key);
      }
      if (written.length % 50 === 0) log(`Placed ${report.images.added} images`);
    }

    const pending: { t: ArchiveTable; values: ArchiveRow; links: ArchiveRow }[] = [];
    const addedKeys = new Set<string>();
    await db.transaction(async (tx) => {
      await readArchive(
        options.file,
        async ({ name, data }) => {
          const match = DATA_ENTRY.exec(name);
          if (!match) return;
          const t = checked.tables.get(match[1]!)!;
          const rows: ArchiveRow[] = [];
          for (const line of data.toString("utf8").split("\n")) {
            if (line === "") continue;
            const decoded = decodeRow(t, withFreshTokens(t, JSON.parse(line)));
            if ("problem" in decoded) throw refused(`The archive changed while it was imported`);
            const ruled = applyRowRules(t.name, decoded.values);
            if (typeof ruled === "string") throw refused(`The archive changed while it was imported`);
            // Left out, or with the values this blog allows (accounts mapped, no verification…).
            const values = admission.admit(t, ruled.values, addedUsers);
            if (!values) continue;
            // A row pointing at a row of its own table (a reply and its comment) may come before
            // it: the link is set once the whole table is in.
            const links: ArchiveRow = {};
            for (const field of selfRefs(t)) {
              if (values[field] === null || values[field] === undefined) continue;
              links[field] = values[field];
              values[field] = null;
            }
            if (Object.keys(links).length > 0) pending.push({ t, values, links });
            rows.push(values);
          }
          if (rows.length === 0) return;
          const added = (await tx
            .insert(t.table as PgTable)
            .values(rows as never)
            .onConflictDoNothing()
            .returning()) as ArchiveRow[];
          report.tables[t.name]!.added += added.length;
          for (const row of added) addedKeys.add(keyOf(t, row));
          if (t.name === "user") for (const row of added) addedUsers.add(String(row.id));
          log(`Imported ${name}`);
        },
        (name) => DATA_ENTRY.test(name),
      );
      for (const [name, n] of admission.skipped) report.tables[name]!.skipped = n;
      for (const { t, values, links } of pending) {
        if (!addedKeys.has(keyOf(t, values))) continue;
        await tx
          .update(t.table as PgTable)
          .set(links as never)
          .where(and(...t.primaryKey.map((k) => eq(t.columns.get(k)!, values[k]))));
      }
      // The like counter always equals the like rows (ARCHITECTURE "Data").
      await tx.execute(sql`update blog_posts p set likes = c.n
        from (select b.id, count(l.post_id)::int as n from blog_posts b
              left join post_likes l on l.post_id = b.id group by b.id) c
        where c.id = p.id and p.likes <> c.n`);
      // Imported serial values (revision order) stay below every value the sequence hands out next.
      for (const t of checked.tables.values())
        for (const column of t.columns.values())
          if (/Serial/.test(column.columnType))
            await tx.execute(sql`select setval(pg_get_serial_sequence(${t.name}, ${column.name}),
              greatest((select max(${sql.identifier(column.name)}) from ${sql.identifier(t.name)}), 1))`);
      // Other processes sharing this database drop their cached pages.
      await tx.execute(sql`insert into site_state (id, content_version) values (1, 1)
        on conflict (id) do update set content_version = site_state.content_version + 1`);
      await options.inTransaction?.(tx as unknown as Db);
      if (options.dryRun) throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return report;
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
  return report;
}

const selfRefs = (t: ArchiveTable) =>
  [...t.references].filter(([, ref]) => ref.table === t.name).map(([field]) => field);

/** The report as the terminal shows it. */
export function describeReport(report: ImportReport): string {
  const verb = report.dryRun ? "would add" : "added";
  const lines = Object.entries(report.tables).map(
    ([table, { rows, added, skipped = 0 }]) =>
      `  ${table}: ${verb} ${added} of ${rows}${skipped > 0 ? ` (${skipped} left out)` : ""}${
        rows - skipped > added ? ` (${rows - skipped - added} already here)` : ""
      }`,
  );
  lines.push(`  images: ${verb} ${report.images.added} of ${report.images.count}`);
  if (report.sanitised > 0)
    lines.push(`  ${report.sanitised} posts held markup the editor does not produce; it was removed`);
  return `${report.dryRun ? "Dry run, nothing was changed." : "Import finished."}\n${lines.join("\n")}`;
}
