import { and, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { isPostPublic } from "../../common/rules/post-visibility";
import { isId } from "../../common/schemas/id";
import type { Viewer } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts, postPairs, postShares } from "../db/schema";
import { laterPostsWhere } from "./visibility";

// Who writes a post (docs/decisions/0050-draft-sharing.md): its author, and the other author
// while its author shares it with them. The share opens the post to the partner (the editor, the
// live document, saves, revisions, notes) only while the post is not public and not a sealed
// take (decision 0046); publishing, scheduling, deleting and sharing stay the owner's. Every
// surface that reads a draft for writing asks `writerRole`.

/** What deciding a share needs: the post's author, visibility, and whether it is a sealed take. */
export interface ShareState {
  author: AuthorKey;
  status: "draft" | "published" | "scheduled";
  date: Date;
  sealed: boolean;
  shared: boolean;
}

export async function shareStateOf(db: Db, postId: string): Promise<ShareState | null> {
  if (!isId(postId)) return null;
  const [row] = await db
    .select({
      author: blogPosts.author,
      status: blogPosts.status,
      date: blogPosts.date,
      pairState: postPairs.state,
      shared: postShares.postId,
    })
    .from(blogPosts)
    .leftJoin(postPairs, eq(postPairs.id, blogPosts.pairId))
    .leftJoin(postShares, eq(postShares.postId, blogPosts.id))
    .where(eq(blogPosts.id, postId))
    .limit(1);
  if (!row) return null;
  const sealed = row.pairState !== null && row.pairState !== "revealed";
  return { author: row.author, status: row.status, date: row.date, sealed, shared: row.shared !== null };
}

/** Whether the share opens the post to its partner now: shared, not public, not a sealed take. */
export const shareOpens = (state: ShareState, now: Date): boolean =>
  state.shared && !state.sealed && !isPostPublic(state, now);

/**
 * How this viewer may write the post: `owner` (its author), `partner` (the other author, invited
 * in and the share open now), or null (anyone else, or a post that does not exist).
 */
export async function writerRole(
  db: Db,
  postId: string,
  viewer: Viewer | null,
  now: Date,
): Promise<"owner" | "partner" | null> {
  if (!viewer?.isAdmin || !viewer.authorKey) return null;
  const state = await shareStateOf(db, postId);
  if (!state) return null;
  if (state.author === viewer.authorKey) return "owner";
  return shareOpens(state, now) ? "partner" : null;
}

/**
 * SQL form of shareOpens, over `blog_posts` joined with `post_shares` and `post_pairs`: shared,
 * not public (a draft, or a publish time to come), not a take of a pair before its reveal.
 */
export function openToPartnerWhere(now: Date): SQL {
  return and(
    isNotNull(postShares.postId),
    or(eq(blogPosts.status, "draft"), laterPostsWhere(now)),
    or(isNull(postPairs.state), eq(postPairs.state, "revealed")),
  )!;
}

/**
 * In the partner's save's transaction: whether the share still stands, its row held until the
 * commit, so "Stop sharing" (which deletes it) waits for the save, or the save sees it gone.
 */
export async function holdShare(tx: Db, postId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: postShares.postId })
    .from(postShares)
    .where(eq(postShares.postId, postId))
    .for("share");
  return rows.length > 0;
}
