import { and, arrayContains, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { resolveExcerpt } from "../../common/rules/excerpt";
import { effectiveStatus } from "../../common/rules/post-visibility";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { publicPostsWhere } from "./visibility";

/**
 * Read side of blog_posts: keyset pages (newest first, ties broken by id) served by the
 * (author, date desc, id desc) and (date desc, id desc) indexes, and the GIN index on hashtags.
 */

export interface ListFilter {
  author?: AuthorKey;
  tag?: string;
  limit: number;
  cursor?: Cursor | null;
}

/** Position after the last item of a page: its exact timestamp (microseconds) and id. */
export interface Cursor {
  date: string;
  id: string;
}

// PostgreSQL keeps microseconds and JS Dates only milliseconds, so the cursor carries the
// timestamp as PostgreSQL prints it in UTC: no row with the same millisecond is skipped.
const exactDate = sql<string>`to_char(${blogPosts.date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`).toString("base64url");
}

/** The cursor of a previous page, or null when it is not one we made. */
export function decodeCursor(raw: string): Cursor | null {
  if (raw.length > 200 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const [date, id, ...rest] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !date || !id || !ISO_MICROS.test(date) || !UUID.test(id)) return null;
  // A real instant PostgreSQL accepts: no year 0, no 30 February (both were a 500).
  const ms = Date.parse(date);
  if (Number.isNaN(ms) || date.startsWith("0000")) return null;
  if (new Date(ms).toISOString().slice(0, 23) !== date.slice(0, 23)) return null;
  return { date, id: id.toLowerCase() };
}

export function isPostId(id: string): boolean {
  return UUID.test(id);
}

// A card needs the text only when the excerpt is empty (SPEC §5 fallback); the head of the
// content is plenty for 150 characters of text.
const CONTENT_HEAD_CHARS = 20_000;

const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  contentHead: sql<string>`case when btrim(${blogPosts.excerpt}) = '' then left(${blogPosts.content}, ${sql.raw(String(CONTENT_HEAD_CHARS))}) else '' end`,
  author: blogPosts.author,
  date: blogPosts.date,
  exactDate,
  imageUrl: blogPosts.imageUrl,
  hashtags: blogPosts.hashtags,
  likes: blogPosts.likes,
  lastUpdated: blogPosts.lastUpdated,
  status: blogPosts.status,
};

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** A page of public posts (drafts and posts whose time has not come are never listed). */
export async function listPosts(db: Db, filter: ListFilter, now: Date): Promise<Page<BlogPostCard>> {
  return listCards(db, filter, now, [publicPostsWhere(now)]);
}

/** A page of one author's own posts, whatever their status ('Your posts' in /admin). */
export async function listOwnPosts(
  db: Db,
  filter: Omit<ListFilter, "author" | "tag"> & { author: AuthorKey },
  now: Date,
): Promise<Page<BlogPostCard>> {
  return listCards(db, filter, now, []);
}

async function listCards(db: Db, filter: ListFilter, now: Date, base: SQL[]): Promise<Page<BlogPostCard>> {
  const where: SQL[] = [...base];
  if (filter.author) where.push(eq(blogPosts.author, filter.author));
  if (filter.tag) where.push(arrayContains(blogPosts.hashtags, [filter.tag]));
  if (filter.cursor) {
    where.push(
      sql`(${blogPosts.date}, ${blogPosts.id}) < (${filter.cursor.date}::timestamptz, ${filter.cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(blogPosts.date), desc(blogPosts.id))
    .limit(filter.limit + 1);
  const more = rows.length > filter.limit;
  const items = (more ? rows.slice(0, filter.limit) : rows).map(
    (r): BlogPostCard => ({
      id: r.id,
      title: r.title,
      excerpt: resolveExcerpt(r.excerpt, r.contentHead),
      author: r.author,
      date: iso(r.date)!,
      status: effectiveStatus(r, now),
      imageUrl: r.imageUrl,
      hashtags: r.hashtags,
      likes: r.likes,
      lastUpdated: iso(r.lastUpdated),
    }),
  );
  const last = more ? rows[filter.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ date: last.exactDate, id: last.id }) : null };
}

/** A post whatever its status (the caller decides who may see it: canReadPost). */
export async function getPost(db: Db, id: string, now: Date): Promise<BlogPost | null> {
  if (!isPostId(id)) return null;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ? presentRow(row, now) : null;
}

/** A post only if it is public now. */
export async function getPublicPost(db: Db, id: string, now: Date): Promise<BlogPost | null> {
  if (!isPostId(id)) return null;
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), publicPostsWhere(now)))
    .limit(1);
  return row ? presentRow(row, now) : null;
}

function presentRow(row: typeof blogPosts.$inferSelect, now: Date): BlogPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: resolveExcerpt(row.excerpt, row.content),
    author: row.author,
    date: iso(row.date)!,
    status: effectiveStatus(row, now),
    imageUrl: row.imageUrl,
    images: row.images,
    hashtags: row.hashtags,
    likes: row.likes,
    lastUpdated: iso(row.lastUpdated),
  };
}

/** Every public post's id and last change, newest first (sitemap), bounded. */
export async function listPostStamps(
  db: Db,
  limit: number,
  now: Date,
): Promise<Array<{ id: string; changed: string }>> {
  const rows = await db
    .select({ id: blogPosts.id, date: blogPosts.date, lastUpdated: blogPosts.lastUpdated })
    .from(blogPosts)
    .where(publicPostsWhere(now))
    .orderBy(desc(blogPosts.date), desc(blogPosts.id))
    .limit(limit);
  // A scheduled post edited before its time changed last when it was published.
  return rows.map((r) => ({
    id: r.id,
    changed: iso(r.lastUpdated && r.lastUpdated > r.date ? r.lastUpdated : r.date)!,
  }));
}

/** Every distinct hashtag of a public post (sitemap tag pages). */
export async function listHashtags(db: Db, limit: number, now: Date): Promise<string[]> {
  const res = await db.execute<{ tag: string }>(
    sql`select distinct unnest(${blogPosts.hashtags}) as tag from ${blogPosts} where ${publicPostsWhere(now)} order by 1 limit ${limit}`,
  );
  const rows = (Array.isArray(res) ? res : (res as { rows: Array<{ tag: string }> }).rows) as Array<{
    tag: string;
  }>;
  return rows.map((r) => r.tag);
}
