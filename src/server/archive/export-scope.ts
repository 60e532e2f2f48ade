import { eq, type SQL, sql } from "drizzle-orm";
import { authorField, isTokenColumn, PAIRS_TABLE, withoutPartnerReady } from "./admission";
import { VARIANT_KEY } from "./format";
import type { ArchiveRow, ArchiveTable } from "./tables";

/**
 * What the studio's Export button takes (docs/decisions/0025-archive-trust.md): the exporting
 * author's blog only — their posts with drafts, scheduled posts and revisions, the comments,
 * likes and reports on them, their profile, settings, blocks and followers, and the accounts those
 * rows name. Never the other author's rows, site-wide rows (contact messages), other accounts or
 * password hashes. A table with no rule here is left out (a table added later fails closed).
 */
export interface ExportScope {
  author: "him" | "her";
  /** The exporting author's account (travels even when no row names it). */
  userId: string;
}

/** The rows of `t` in the scope, or null when the table does not travel in a scoped export. */
export function scopeFilter(t: ArchiveTable, scope: ExportScope, tables: ArchiveTable[]): SQL | null {
  if (t.name === "user") {
    const names: SQL[] = [sql`select ${scope.userId}`];
    for (const other of tables) {
      if (other.name === "user") continue;
      const filter = scopeFilter(other, scope, tables);
      if (!filter) continue;
      for (const [field, ref] of other.references)
        if (ref.table === "user")
          names.push(sql`select ${other.columns.get(field)!} from ${other.table} where ${filter}`);
    }
    return sql`${t.columns.get("id")!} in (${sql.join(names, sql` union `)})`;
  }
  const field = authorField(t);
  if (t.name === PAIRS_TABLE) {
    // The pairs of the author's takes (whoever proposed them) and of their own proposals.
    const posts = tables.find((o) => o.name === "blog_posts")!;
    const takes = sql`select ${posts.columns.get("pairId")!} from ${posts.table} where ${posts.columns.get("author")!} = ${scope.author}`;
    return sql`(${t.columns.get(field!)!} = ${scope.author} or ${t.columns.get("id")!} in (${takes}))`;
  }
  if (field) return eq(t.columns.get(field)!, scope.author);
  for (const [field, ref] of t.references) {
    if (ref.table === "user" || ref.table === t.name) continue;
    const target = tables.find((o) => o.name === ref.table);
    const inner = target && scopeFilter(target, scope, tables);
    if (!target || !inner) continue;
    return sql`${t.columns.get(field)!} in (select ${target.columns.get(ref.field)!} from ${target.table} where ${inner})`;
  }
  return null;
}

/**
 * A row as it leaves: the secrets of links (follower and notification tokens) never travel, nor,
 * in an author's archive, the partner's ready time on a pair.
 */
export function asItLeaves(t: ArchiveTable, row: ArchiveRow, scope?: ExportScope): ArchiveRow {
  const out: ArchiveRow = {};
  for (const [key, value] of Object.entries(row))
    if (!isTokenColumn(t.columns.get(key)?.name ?? key)) out[key] = value;
  return scope && t.name === PAIRS_TABLE ? withoutPartnerReady(out, scope.author) : out;
}

const UPLOAD_URL = /\/uploads\/([A-Za-z0-9][A-Za-z0-9._/-]*)/g;

/** The stored images a page of exported rows shows (post images, thumbnails, profile photos). */
export function collectUploads(text: string, into: Set<string>): void {
  for (const match of text.matchAll(UPLOAD_URL)) into.add(match[1]!);
}

/** Whether an image (or one of its variants) is among the images the scoped rows show. */
export const uploadWanted = (key: string, wanted: Set<string>) =>
  wanted.has(key) || wanted.has(VARIANT_KEY.exec(key)?.[1] ?? "");
