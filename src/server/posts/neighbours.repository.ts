import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { isId } from "../../common/schemas/id";
import type { PostNeighbour } from "../../common/types";
import { publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { newestFirst, oldestFirst } from "../pagination";

/**
 * The previous (older) and next (newer) public post of the same blog as a post, by publish time
 * (ties broken by id, as the lists order them), served by the (author, date desc, id desc) index.
 * The post's own instant is read in SQL, so microseconds JavaScript cannot hold still count.
 */
export async function findNeighbours(
  db: Db,
  post: { id: string; author: AuthorKey },
  now: Date,
): Promise<{ previous: PostNeighbour | null; next: PostNeighbour | null }> {
  if (!isId(post.id)) return { previous: null, next: null };
  const here = sql`(select c.date, c.id from ${blogPosts} c where c.id = ${post.id}::uuid)`;
  const [previous, next] = await Promise.all([
    nearest(db, post.author, now, sql`(${blogPosts.date}, ${blogPosts.id}) < ${here}`, "older"),
    nearest(db, post.author, now, sql`(${blogPosts.date}, ${blogPosts.id}) > ${here}`, "newer"),
  ]);
  return { previous, next };
}

async function nearest(
  db: Db,
  author: AuthorKey,
  now: Date,
  side: SQL,
  direction: "older" | "newer",
): Promise<PostNeighbour | null> {
  const order =
    direction === "older"
      ? newestFirst(blogPosts.date, blogPosts.id)
      : oldestFirst(blogPosts.date, blogPosts.id);
  const [row] = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, date: blogPosts.date })
    .from(blogPosts)
    .where(and(eq(blogPosts.author, author), publicPostsWhere(now), side))
    .orderBy(...order)
    .limit(1);
  return row ? { id: row.id, slug: row.slug, title: row.title, date: row.date.toISOString() } : null;
}
