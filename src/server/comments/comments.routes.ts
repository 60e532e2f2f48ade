import type { FastifyInstance } from "fastify";
import { commentCreate, commentDelete, commentsList, commentUpdate } from "../../common/api";
import { COMMENT_BLOCKED_MESSAGE, emailPrefix } from "../../common/engagement";
import { ERROR_CODES } from "../../common/error-codes";
import { canManageComment, canReadPost, canSeeComment } from "../../common/policies";
import { isPostPublic } from "../../common/rules/post-visibility";
import { isId } from "../../common/schemas/id";
import { caller, route } from "../api/route";
import { findPostVisibility } from "../content/visibility";
import type { AppContext } from "../context";
import { forbidden, notFound } from "../errors";
import { pageRequest } from "../pagination";
import { getViewer } from "../plugins/viewer";
import { conversationOf } from "../takes/takes.reads";
import { writeLimiter } from "../write-limits";
import { COMMENTS_PAGE_SIZE, cachedThreads } from "./comments.reads";
import {
  deleteComment,
  findCommentWithPost,
  insertComment,
  listComments,
  toComment,
  updateComment,
} from "./comments.repository";
import { holdsComment, isBlocked } from "./moderation.repository";
import { presentThreads } from "./threads";

const postNotFound = () => notFound("post", "Post not found");

const commentNotFound = () => notFound("comment", "Comment not found");

export async function registerCommentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limitComments = writeLimiter("comment", ctx.now);
  const authors = [ctx.config.authorEmails.him, ctx.config.authorEmails.her];
  route(app, commentsList, {}, async (request, reply) => {
    const id = (await conversationOf(ctx, request.params.id)) ?? request.params.id;
    const page = pageRequest(request.query, COMMENTS_PAGE_SIZE);
    const found = await cachedThreads(ctx, id, page);
    const viewer = await getViewer(ctx, request);
    if (found) return presentThreads(found.page, viewer, { author: found.author });
    // A draft or scheduled post: only its author (previewing it) sees its comments.
    const post = await findPostVisibility(ctx.db, id);
    if (!post || !canReadPost(viewer, post, ctx.now())) throw postNotFound();
    reply.header("cache-control", "private, no-store");
    const own = await listComments(ctx.db, authors, { id, author: post.author }, page);
    return presentThreads(own, viewer, { author: post.author });
  });

  route(app, commentCreate, {}, async (request, reply) => {
    const viewer = caller(request);
    const { body } = request;
    const { content } = body;
    const id = (await conversationOf(ctx, request.params.id)) ?? request.params.id;
    // Only a public post takes comments: a draft or scheduled one answers as a missing post to
    // everyone, its author previewing it included (docs/decisions/0009).
    const post = await findPostVisibility(ctx.db, id);
    if (!post || !isPostPublic(post, ctx.now())) throw postNotFound();
    const postAuthor = post.author;
    if (await isBlocked(ctx.db, postAuthor, viewer.id))
      throw forbidden(COMMENT_BLOCKED_MESSAGE, ERROR_CODES.blocked);
    // A reply goes under the top-level comment of what it answers (one level deep) and names
    // whom it answers; only a comment this viewer can see, on this post, can be answered.
    let thread: { parentId: string; replyToId: string; replyToAuthor: string } | null = null;
    if (body.replyTo !== undefined) {
      const target = isId(body.replyTo) ? await findCommentWithPost(ctx.db, authors, body.replyTo) : null;
      const visible =
        target &&
        target.comment.postId === id &&
        !target.comment.deletedAt &&
        canSeeComment(
          viewer,
          { ...toComment(target.comment, target.isAuthor), userId: target.comment.userId },
          { author: postAuthor },
        );
      if (!target || !visible) throw commentNotFound();
      thread = {
        parentId: target.comment.parentId ?? target.comment.id,
        replyToId: target.comment.id,
        replyToAuthor: target.comment.author,
      };
    }
    limitComments(viewer.id);
    const status = (await holdsComment(ctx.db, postAuthor, viewer)) ? "held" : "published";
    // Stored with its event in one transaction: the cache drops the post's threads, the post's
    // author and whom it answers are notified, a reply to the social web goes out (subscribers.ts).
    const comment = await ctx.events.transaction(async (tx, record) => {
      const stored = await insertComment(
        tx,
        {
          postId: id,
          userId: viewer.id,
          author: emailPrefix(viewer.email),
          content,
          timestamp: ctx.now(),
          ...thread,
          status,
        },
        viewer.isAdmin,
      );
      if (stored) await record("commentCreated", { comment: stored });
      return stored;
    });
    if (!comment) throw postNotFound();
    return reply.status(201).send(comment);
  });

  route(app, commentUpdate, {}, async (request) => {
    const viewer = caller(request);
    const { content } = request.body;
    const { id } = request.params;
    const found = await findCommentWithPost(ctx.db, authors, id);
    if (!found) throw commentNotFound();
    // SPEC §6: the comment's writer, or the author of the post it is on.
    if (!canManageComment(viewer, found.comment, { author: found.postAuthor })) {
      throw forbidden("You can only edit your own comments.");
    }
    const updated = await ctx.events.transaction(async (tx, record) => {
      const changed = await updateComment(tx, id, content, ctx.now(), found.isAuthor);
      if (changed) await record("commentChanged", { postId: found.comment.postId });
      return changed;
    });
    if (!updated) throw commentNotFound();
    return updated;
  });

  route(app, commentDelete, {}, async (request, reply) => {
    const viewer = caller(request);
    const { id } = request.params;
    const found = await findCommentWithPost(ctx.db, authors, id);
    if (!found) throw commentNotFound();
    if (!canManageComment(viewer, found.comment, { author: found.postAuthor })) {
      throw forbidden("You can only delete your own comments.");
    }
    const deleted = await ctx.events.transaction(async (tx, record) => {
      const gone = await deleteComment(tx, id, ctx.now());
      if (gone) await record("commentChanged", { postId: found.comment.postId });
      return gone;
    });
    if (!deleted) throw commentNotFound();
    return reply.status(204).send();
  });
}
