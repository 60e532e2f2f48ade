import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { BlogPostCard } from "../../common/types";
import { openToPartnerWhere, shareOpens, shareStateOf } from "../content/post-access";
import type { Db } from "../db/client";
import { blogPosts, postPairs, postShares } from "../db/schema";
import { toBlogPostCard } from "./post.presenter";
import { cardColumns } from "./posts.repository";

// Draft sharing (docs/decisions/0050-draft-sharing.md), the lists and the email's look-up; who
// may write a post is content/post-access.ts's rule.

export const SHARE_MESSAGES = {
  notYours: "Only the post's author shares it or stops sharing it.",
  sealed:
    "A take of a two-takes post is its author's alone until both takes are revealed together: it cannot be shared before.",
  public: "A published post is edited by its author alone. Share a draft or a scheduled post.",
  ownerOnly: "Publishing, scheduling and unpublishing stay with the post's author.",
} as const;

/** Which of these posts (the owner's list) are shared with the partner. */
export async function sharedPostIds(db: Db, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ id: postShares.postId })
    .from(postShares)
    .where(inArray(postShares.postId, postIds));
  return new Set(rows.map((row) => row.id));
}

/** The other author's posts open to `me` now (drafts and scheduled posts shared, not sealed), newest share first. */
export async function listSharedWithMe(db: Db, me: AuthorKey, now: Date): Promise<BlogPostCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .innerJoin(postShares, eq(postShares.postId, blogPosts.id))
    .leftJoin(postPairs, eq(postPairs.id, blogPosts.pairId))
    .where(and(ne(blogPosts.author, me), openToPartnerWhere(now)))
    .orderBy(desc(postShares.sharedAt))
    .limit(100);
  return rows.map((row) => toBlogPostCard(row, now));
}

/** A post shared and still open to its partner, as the email names it; null otherwise. */
export async function sharedPostNotice(
  db: Db,
  postId: string,
  now: Date,
): Promise<{ author: AuthorKey; title: string } | null> {
  const state = await shareStateOf(db, postId);
  if (!state || !shareOpens(state, now)) return null;
  const [row] = await db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, postId));
  return row ? { author: state.author, title: row.title } : null;
}
