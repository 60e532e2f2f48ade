import { and, arrayContains, eq, gt, ilike, ne, type SQL, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { isId } from "../../common/schemas/id";
import type { OwnPostFilter } from "../../common/schemas/own-posts";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import { publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { authorProfiles, blogPosts, postPairs } from "../db/schema";
import { after, exactInstant, newestFirst, oldestFirst, type PageRequest, toPage } from "../pagination";
import { postColumns, toBlogPost, toBlogPostCard } from "./post.presenter";

/**
 * Read side of blog_posts: keyset pages (newest first, ties broken by id) served by the
 * (author, date desc, id desc) and (date desc, id desc) indexes, and the GIN index on hashtags.
 */

export interface ListFilter extends PageRequest {
  author?: AuthorKey;
  tag?: string;
}

// A card needs the text only when the excerpt is empty (SPEC §5 fallback); the head of the
// content is plenty for 150 characters of text.
const CONTENT_HEAD_CHARS = 20_000;

const thumbnailDimension = (name: "width" | "height") =>
  sql<
    number | null
  >`(select case when jsonb_typeof(e -> ${sql.raw(`'${name}'`)}) = 'number' then round((e ->> ${sql.raw(`'${name}'`)})::numeric)::int end from jsonb_array_elements(${blogPosts.images}) e where e ->> 'url' = ${blogPosts.imageUrl} limit 1)`.mapWith(
    (v: unknown) => (v === null || v === undefined ? null : Number(v)),
  );

export const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  // A revealed take is listed under its pair's topic, the shared title (decision 0046), with its
  // own excerpt and thumbnail; a take before the reveal (its author's studio) keeps its own.
  title: sql<string>`coalesce((select pp.topic from ${postPairs} pp where pp.id = "blog_posts"."pair_id" and pp.state = 'revealed'), "blog_posts"."title")`,
  excerpt: blogPosts.excerpt,
  contentHead: sql<string>`case when btrim(${blogPosts.excerpt}) = '' then left(${blogPosts.content}, ${sql.raw(String(CONTENT_HEAD_CHARS))}) else '' end`,
  author: blogPosts.author,
  // Cards name the author as their profile does (one primary-key lookup per row).
  // Drizzle leaves columns unqualified here, so the subquery names both tables itself.
  authorName: sql<string>`coalesce((select ap.name from ${authorProfiles} ap where ap.author = "blog_posts"."author"), '')`,
  date: blogPosts.date,
  cursorAt: exactInstant(blogPosts.date),
  imageUrl: blogPosts.imageUrl,
  // The thumbnail is always one of the post's images (post-writes checks it): its size is there.
  imageWidth: thumbnailDimension("width"),
  imageHeight: thumbnailDimension("height"),
  hashtags: blogPosts.hashtags,
  likes: blogPosts.likes,
  lastUpdated: blogPosts.lastUpdated,
  status: blogPosts.status,
};

/** A page of public posts (drafts and posts whose time has not come are never listed). */
export async function listPosts(db: Db, filter: ListFilter, now: Date): Promise<Page<BlogPostCard>> {
  return listCards(db, filter, now, [publicPostsWhere(now)]);
}

/** A status as a person sees it (effectiveStatus), in SQL: a scheduled post whose time came is published. */
function statusWhere(status: OwnPostFilter, now: Date): SQL | undefined {
  if (status === "draft") return eq(blogPosts.status, "draft");
  if (status === "scheduled") return and(ne(blogPosts.status, "draft"), gt(blogPosts.date, now));
  if (status === "published") return publicPostsWhere(now);
  return undefined;
}

/** `%`, `_` and `\` in a person's words are matched as themselves. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of one author's own posts (the studio's Posts page), by status and words of the title,
 * newest publish time first: the (author, status, date, id) and (author, date, id) indexes serve it.
 */
export async function listOwnPosts(
  db: Db,
  filter: Omit<ListFilter, "author" | "tag"> & { author: AuthorKey; status?: OwnPostFilter; q?: string },
  now: Date,
): Promise<Page<BlogPostCard>> {
  const base: SQL[] = [];
  const status = filter.status ? statusWhere(filter.status, now) : undefined;
  if (status) base.push(status);
  if (filter.q) base.push(ilike(blogPosts.title, likePattern(filter.q)));
  return listCards(db, filter, now, base);
}

async function listCards(db: Db, filter: ListFilter, now: Date, base: SQL[]): Promise<Page<BlogPostCard>> {
  const where: Array<SQL | undefined> = [...base, after(blogPosts.date, blogPosts.id, filter.cursor)];
  if (filter.author) where.push(eq(blogPosts.author, filter.author));
  if (filter.tag) where.push(arrayContains(blogPosts.hashtags, [filter.tag]));
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(and(...where))
    .orderBy(...newestFirst(blogPosts.date, blogPosts.id))
    .limit(filter.limit + 1);
  return toPage(rows, filter.limit, (row) => toBlogPostCard(row, now));
}

/** A post whatever its status (the caller decides who may see it: canReadPost). */
export async function getPost(db: Db, id: string, now: Date): Promise<BlogPost | null> {
  if (!isId(id)) return null;
  const [row] = await db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ? toBlogPost(row, now) : null;
}

/** A post only if it is public now. */
export async function getPublicPost(db: Db, id: string, now: Date): Promise<BlogPost | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select(postColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), publicPostsWhere(now)))
    .limit(1);
  return row ? toBlogPost(row, now) : null;
}

// A scheduled post edited before its time changed last when it was published.
const changedAt = sql<string>`to_char(greatest(${blogPosts.date}, ${blogPosts.lastUpdated}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One sitemap file of public posts: oldest first, so a file's posts stay in it as posts are added
 * (the newest file grows, then a new one starts), each with its last change.
 */
export async function listPostStamps(
  db: Db,
  page: { offset: number; limit: number },
  now: Date,
): Promise<Array<{ slug: string; changed: string }>> {
  return db
    .select({ slug: blogPosts.slug, changed: changedAt })
    .from(blogPosts)
    .where(publicPostsWhere(now))
    .orderBy(...oldestFirst(blogPosts.date, blogPosts.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** How many sitemap files of `perFile` posts the public posts fill, and the last change in each. */
export async function postStampFiles(db: Db, perFile: number, now: Date): Promise<string[]> {
  const res = await db.execute(sql`
    select file, to_char(max(changed) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed
    from (
      select greatest(${blogPosts.date}, ${blogPosts.lastUpdated}) as changed,
        (row_number() over (order by ${sql.join(oldestFirst(blogPosts.date, blogPosts.id), sql`, `)}) - 1) / ${perFile} as file
      from ${blogPosts} where ${publicPostsWhere(now)}
    ) stamps
    group by file`);
  type Row = { file: string | number; changed: string };
  const rows = rowsOf<Row>(res);
  // Ordered here: a few rows, and no sort of every post in the database.
  return rows.sort((a, b) => Number(a.file) - Number(b.file)).map((r) => r.changed);
}

/** Every distinct hashtag of a public post (sitemap tag pages). */
export async function listHashtags(db: Db, limit: number, now: Date): Promise<string[]> {
  const res = await db.execute<{ tag: string }>(
    sql`select distinct unnest(${blogPosts.hashtags}) as tag from ${blogPosts} where ${publicPostsWhere(now)} order by 1 limit ${limit}`,
  );
  return rowsOf<{ tag: string }>(res).map((r) => r.tag);
}
