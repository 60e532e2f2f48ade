import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { COMMENT_MAX_LENGTH } from "../../../common/limits";
import { firstChars } from "../../../common/rules/excerpt";
import { deleteComment, insertComment } from "../../comments/comments.repository";
import { holdsComment, isBlocked } from "../../comments/moderation.repository";
import type { AppContext } from "../../context";
import { blueskyReplies, comments, user } from "../../db/schema";
import { copyRemoteAvatar } from "../avatar-copy";
import { remoteUserId } from "../remote-people";
import type { ThreadReply } from "./thread";

// One Bluesky reply coming home as a comment (decision 0051), the way a social-web reply does
// (remote-replies.ts): a user row standing for its DID, so the first-comment hold, hiding, blocks
// and reports work unchanged; the reply's AT-URI keeps it from coming twice.

/** The user row of a Bluesky account (by DID: a new handle is the same person). */
async function userForDid(ctx: AppContext, reply: ThreadReply): Promise<{ id: string; author: string }> {
  const id = remoteUserId(reply.did);
  const hash = createHash("sha256").update(reply.did).digest("hex").slice(0, 32);
  const handle = `@${reply.handle}`;
  const name = reply.displayName.replace(/\s+/g, " ").trim().slice(0, 100) || handle;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${hash}@bluesky.invalid`, emailVerified: false })
    .onConflictDoUpdate({ target: user.id, set: { name, updatedAt: ctx.now() } });
  return { id, author: (name === handle ? handle : `${name} (${handle})`).slice(0, 200) };
}

/** A reply's text as comment text (bounded like a reader's); null when it has none (an image). */
export const replyContent = (reply: ThreadReply): string | null =>
  firstChars(reply.text.replace(/\r\n?/g, "\n").trim(), COMMENT_MAX_LENGTH) || null;

/** Undone on purpose: another process stored the same reply first (its AT-URI). */
class AlreadyHome extends Error {}

/**
 * Store one new reply under `postId` (the conversation's post, whose author moderates it).
 * `parentCommentId` is the comment of the Bluesky post it answers, when that one came home.
 * Answers the new comment's id, or null when it was refused (blocked, empty) or already home.
 */
export async function storeReply(
  ctx: AppContext,
  recordId: number,
  post: { id: string; author: "him" | "her" },
  reply: ThreadReply,
  parentCommentId: string | null,
): Promise<string | null> {
  const content = replyContent(reply);
  if (!content) return null;
  // A DID the post's author blocked: refused, as every later reply of it is.
  if (await isBlocked(ctx.db, post.author, remoteUserId(reply.did))) return null;
  const person = await userForDid(ctx, reply);
  const overLimit = !ctx.limits.remoteReplies.allows(`bluesky:${reply.did}`);
  const held =
    overLimit ||
    (await holdsComment(ctx.db, post.author, { id: person.id, isAdmin: false } as Parameters<
      typeof holdsComment
    >[2]));
  let thread: { parentId: string; replyToId: string; replyToAuthor: string } | null = null;
  if (parentCommentId) {
    const [parent] = await ctx.db
      .select({ id: comments.id, parentId: comments.parentId, author: comments.author })
      .from(comments)
      .where(eq(comments.id, parentCommentId));
    if (parent)
      thread = { parentId: parent.parentId ?? parent.id, replyToId: parent.id, replyToAuthor: parent.author };
  }
  try {
    return await ctx.events.transaction(async (tx, record) => {
      const comment = await insertComment(
        tx,
        {
          postId: post.id,
          userId: person.id,
          author: person.author,
          content,
          timestamp: ctx.now(),
          ...(thread ?? {}),
          status: held ? "held" : "published",
        },
        false,
      );
      if (!comment) return null;
      const linked = await tx
        .insert(blueskyReplies)
        .values({ uri: reply.uri, commentId: comment.id, recordId, did: reply.did, handle: reply.handle })
        .onConflictDoNothing()
        .returning({ uri: blueskyReplies.uri });
      if (linked.length === 0) throw new AlreadyHome();
      // Told like a reader's comment (the post's author is notified); over the limit, quietly.
      if (overLimit) await record("contentChanged", {});
      else await record("commentCreated", { comment });
      return comment.id;
    });
  } catch (error) {
    if (error instanceof AlreadyHome) return null;
    throw error;
  }
}

/** The writer's avatar, copied small through the guarded fetcher (avatar-copy.ts); never throws. */
export const rememberAvatar = (ctx: AppContext, reply: ThreadReply) =>
  copyRemoteAvatar(ctx, reply.did, reply.avatar);

/** A reply gone from the thread (deleted on Bluesky): its comment goes as a reader's would. */
export async function removeReply(ctx: AppContext, row: { uri: string; commentId: string }): Promise<void> {
  await deleteComment(ctx.db, row.commentId, ctx.now());
  await ctx.events.transaction(async (tx, record) => {
    await tx.delete(blueskyReplies).where(eq(blueskyReplies.uri, row.uri));
    await record("contentChanged", {});
  });
}
