import type { InboxContext } from "@fedify/fedify";
import type { Create, Note } from "@fedify/vocab";
import { and, eq, inArray } from "drizzle-orm";
import { COMMENT_MAX_LENGTH } from "../../common/limits";
import { firstChars, htmlToText } from "../../common/rules/excerpt";
import { deleteComment, insertComment } from "../comments/comments.repository";
import { holdsComment, isBlocked } from "../comments/moderation.repository";
import type { AppContext } from "../context";
import { blogPosts, comments, fediverseReplies } from "../db/schema";
import { getPublicPost } from "../posts/posts.repository";
import { conversationPostId } from "../takes/takes.reads";
import { postIdOf, sentReplyIdOf } from "./post-ids";
import { isRemoteBlocked, userForRemoteActor } from "./remote-people";

/** A reply's HTML as comment text: comments are text (links and mentions stay as their text). */
export const replyText = (note: Note): string =>
  firstChars(htmlToText(note.content?.toString() ?? ""), COMMENT_MAX_LENGTH);

interface Target {
  postId: string;
  thread: { parentId: string; replyToId: string; replyToAuthor: string } | null;
}

/** What a Note answers: one of our posts, or a reply from the social web that became a comment. */
async function targetOf(fctx: InboxContext<AppContext>, inReplyTo: URL | null): Promise<Target | null> {
  const postId = postIdOf(fctx, inReplyTo);
  if (postId) return { postId, thread: null };
  if (!inReplyTo) return null;
  // An answer to a reply we sent back (decision 0039): it goes under that comment.
  const sentId = sentReplyIdOf(fctx, inReplyTo);
  const [row] = await fctx.data.db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      author: comments.author,
    })
    .from(comments)
    .where(
      sentId
        ? eq(comments.id, sentId)
        : inArray(
            comments.id,
            fctx.data.db
              .select({ id: fediverseReplies.commentId })
              .from(fediverseReplies)
              .where(eq(fediverseReplies.objectId, inReplyTo.href)),
          ),
    );
  if (!row) return null;
  return {
    postId: row.postId,
    thread: { parentId: row.parentId ?? row.id, replyToId: row.id, replyToAuthor: row.author },
  };
}

/** A reply (Create of a Note) to a public post becomes a comment, moderated like a reader's. */
export async function receiveReply(
  fctx: InboxContext<AppContext>,
  create: Create,
  note: Note,
): Promise<void> {
  const app = fctx.data;
  if (!note.id || !create.actorId || note.attributionId?.href !== create.actorId.href) return;
  const target = await targetOf(fctx, note.replyTargetId);
  if (!target) return;
  // A reply to either take of a revealed pair joins its one conversation (decision 0046).
  const postId = (await conversationPostId(app.db, target.postId)) ?? target.postId;
  const post = await getPublicPost(app.db, postId, app.now());
  if (!post) return;
  const content = replyText(note);
  if (!content) return;
  const [known] = await app.db
    .select({ id: fediverseReplies.objectId })
    .from(fediverseReplies)
    .where(eq(fediverseReplies.objectId, note.id.href));
  if (known) return;
  const actor = await create.getActor(fctx);
  if (!actor?.id) return;
  const person = await userForRemoteActor(app.db, actor);
  if (await isBlocked(app.db, post.author, person.id)) return;
  const asViewer = { id: person.id, isAdmin: false } as Parameters<typeof holdsComment>[2];
  // Above the readers' per-account limit or the per-server one: held for review, quietly (a
  // flood must not become a flood of emails).
  const overLimit = !app.limits.remoteReplies.allows(actor.id.href);
  const held = overLimit || (await holdsComment(app.db, post.author, asViewer));
  const link = {
    objectId: note.id.href,
    actorId: actor.id.href,
    actorUrl: (actor.url instanceof URL ? actor.url : actor.id).href,
  };
  // The comment, its link to the Note and its event in one transaction (server/subscribers.ts).
  await app.events.transaction(async (tx, record) => {
    const comment = await insertComment(
      tx,
      {
        postId: post.id,
        userId: person.id,
        author: person.author,
        content,
        timestamp: app.now(),
        ...(target.thread ?? {}),
        status: held ? "held" : "published",
      },
      false,
    );
    if (!comment) return;
    await tx
      .insert(fediverseReplies)
      .values({ ...link, commentId: comment.id })
      .onConflictDoNothing();
    // Told like a reader's comment (the post's author is notified); over the limit, only the
    // cache hears of it.
    if (overLimit) await record("contentChanged", {});
    else await record("commentCreated", { comment });
  });
}

async function findOwnReply(app: AppContext, actorId: URL, objectId: URL) {
  const [row] = await app.db
    .select()
    .from(fediverseReplies)
    .where(and(eq(fediverseReplies.objectId, objectId.href), eq(fediverseReplies.actorId, actorId.href)));
  return row ?? null;
}

/** Its server edited the reply: the comment's text follows (only the reply's own actor may). */
export async function updateRemoteReply(app: AppContext, actorId: URL, note: Note): Promise<void> {
  if (!note.id) return;
  const row = await findOwnReply(app, actorId, note.id);
  const content = replyText(note);
  if (!row || !content) return;
  // An account the post's author blocked: its later edits are refused (its comments stay hidden).
  const [post] = await app.db
    .select({ author: blogPosts.author })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(eq(comments.id, row.commentId));
  if (!post || (await isRemoteBlocked(app.db, post.author, actorId))) return;
  await app.db.update(comments).set({ content, timestamp: app.now() }).where(eq(comments.id, row.commentId));
  app.cache.invalidate();
}

/** Its server deleted the reply: the comment goes as a reader's would. */
export async function deleteRemoteReply(app: AppContext, actorId: URL, objectId: URL): Promise<void> {
  const row = await findOwnReply(app, actorId, objectId);
  if (!row) return;
  await deleteComment(app.db, row.commentId, app.now());
  app.cache.invalidate();
}
