import { and, eq, gt, lte, ne, type SQL } from "drizzle-orm";
import type { AuthorKey, PostStatus } from "../../common/limits";
import { canReadPost } from "../../common/policies";
import { isPostPublic } from "../../common/rules/post-visibility";
import type { Viewer } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";

/**
 * SQL form of isPostPublic (src/common/rules/post-visibility.ts): every public read of posts —
 * lists, tag pages, a post by id, feeds, the sitemap, the page shell — filters with it.
 */
export function publicPostsWhere(now: Date): SQL {
  return and(ne(blogPosts.status, "draft"), lte(blogPosts.date, now))!;
}

/** Posts that will become public at a later time (scheduled, or published with a future date). */
export function laterPostsWhere(now: Date): SQL {
  return and(ne(blogPosts.status, "draft"), gt(blogPosts.date, now))!;
}

/** What deciding canReadPost needs, or null when there is no such post. */
export async function findPostVisibility(
  db: Db,
  id: string,
): Promise<{ author: AuthorKey; status: PostStatus; date: Date } | null> {
  const [row] = await db
    .select({ author: blogPosts.author, status: blogPosts.status, date: blogPosts.date })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row ?? null;
}

/** Whether this viewer may see (and so comment on, like) the post; false when it does not exist. */
export async function viewerCanSeePost(
  db: Db,
  id: string,
  viewer: Viewer | null,
  now: Date,
): Promise<boolean> {
  const post = await findPostVisibility(db, id);
  return post !== null && canReadPost(viewer, post, now);
}

/** Whether the post exists and is public: the only posts that take comments and likes. */
export async function postIsPublic(db: Db, id: string, now: Date): Promise<boolean> {
  const post = await findPostVisibility(db, id);
  return post !== null && isPostPublic(post, now);
}
