import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMMENT_BLOCKED_MESSAGE, COMMENT_TOO_LONG_MESSAGE, emailPrefix } from "../../common/engagement";
import { COMMENT_MAX_LENGTH, PAGE_SIZE_MAX } from "../../common/limits";
import { canComment, canManageComment, canReadPost, canSeeComment } from "../../common/policies";
import { isPostPublic } from "../../common/rules/post-visibility";
import { BODY_MUST_BE_OBJECT } from "../body-schema";
import type { AppContext } from "../context";
import { badRequest, forbidden, notFound, unauthorized } from "../errors";
import { isPostId } from "../likes/likes.repository";
import { getViewer, requireViewer } from "../plugins/auth";
import { findPostVisibility } from "../posts/visibility";
import { parse } from "../validate";
import { writeLimiter } from "../write-limits";
import {
  decodeCursor,
  deleteComment,
  findCommentWithPost,
  insertComment,
  listComments,
  toComment,
  updateComment,
} from "./comments.repository";
import { holdsComment, isBlocked } from "./moderation.repository";
import { presentThreads } from "./threads";

export const COMMENTS_PAGE_SIZE = 20;

const CommentBodySchema = z.strictObject(
  {
    content: z.string({ message: "Comment must be text." }),
  },
  BODY_MUST_BE_OBJECT,
);

/** A new comment, or a reply to the comment `replyTo` (a top-level comment or a reply under it). */
const NewCommentBodySchema = z.strictObject(
  {
    content: z.string({ message: "Comment must be text." }),
    replyTo: z
      .string({ message: "replyTo must be a comment id." })
      .max(100, "replyTo must be a comment id.")
      .optional(),
  },
  BODY_MUST_BE_OBJECT,
);

const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}.`)
    .default(COMMENTS_PAGE_SIZE),
  cursor: z.string().max(200, "cursor is not valid.").optional(),
});

/** SPEC §5: trimmed text, non-empty, within the limit. Comments are plain text, stored as typed. */
function commentText(body: unknown): string {
  return checkedText(parse(CommentBodySchema, body).content);
}

function checkedText(content: string): string {
  const text = content.trim();
  if (text.length === 0) throw badRequest("Comment cannot be empty", "VALIDATION_ERROR");
  if (text.length > COMMENT_MAX_LENGTH)
    throw badRequest(COMMENT_TOO_LONG_MESSAGE(COMMENT_MAX_LENGTH), "VALIDATION_ERROR");
  return text;
}

const postNotFound = () => notFound("post", "Post not found");
const commentNotFound = () => notFound("comment", "Comment not found");
const isCommentId = isPostId;

export async function registerCommentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limitComments = writeLimiter("comment", ctx.now);
  const authors = [ctx.config.authorEmails.him, ctx.config.authorEmails.her];
  app.get<{ Params: { id: string } }>("/api/posts/:id/comments", async (request, reply) => {
    const { id } = request.params;
    if (!isPostId(id)) throw postNotFound();
    const query = parse(ListQuerySchema, request.query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !after) throw badRequest("cursor is not valid.", "VALIDATION_ERROR");
    const load = async () => {
      const post = await findPostVisibility(ctx.db, id);
      if (!post || !isPostPublic(post, ctx.now())) return null;
      return {
        author: post.author,
        page: await listComments(ctx.db, authors, { id, author: post.author }, query.limit, after),
      };
    };
    // The first page of a public post's threads is read often: the content cache keeps it
    // whole (hidden and held comments included) and each viewer gets what they may see.
    const found = after ? await load() : await ctx.cache.getOrLoad(`comments:${id}:${query.limit}`, load);
    const viewer = await getViewer(ctx, request);
    if (found) return presentThreads(found.page, viewer, { author: found.author });
    // A draft or scheduled post: only its author (previewing it) sees its comments.
    const post = await findPostVisibility(ctx.db, id);
    if (!post || !canReadPost(viewer, post, ctx.now())) throw postNotFound();
    reply.header("cache-control", "private, no-store");
    const page = await listComments(ctx.db, authors, { id, author: post.author }, query.limit, after);
    return presentThreads(page, viewer, { author: post.author });
  });

  app.post<{ Params: { id: string } }>("/api/posts/:id/comments", async (request, reply) => {
    const viewer = await getViewer(ctx, request);
    if (!viewer || !canComment(viewer)) throw unauthorized("Please log in to post a comment");
    const body = parse(NewCommentBodySchema, request.body);
    const content = checkedText(body.content);
    const { id } = request.params;
    // A draft or scheduled post takes comments from no one but its author (docs/decisions/0009).
    const post = isPostId(id) ? await findPostVisibility(ctx.db, id) : null;
    if (!post || !canReadPost(viewer, post, ctx.now())) throw postNotFound();
    const postAuthor = post.author;
    if (await isBlocked(ctx.db, postAuthor, viewer.id)) throw forbidden(COMMENT_BLOCKED_MESSAGE, "BLOCKED");
    // A reply goes under the top-level comment of what it answers (one level deep) and names
    // whom it answers; only a comment this viewer can see, on this post, can be answered.
    let thread: { parentId: string; replyToId: string; replyToAuthor: string } | null = null;
    if (body.replyTo !== undefined) {
      const target = isCommentId(body.replyTo)
        ? await findCommentWithPost(ctx.db, authors, body.replyTo)
        : null;
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
    const comment = await insertComment(
      ctx.db,
      {
        postId: id,
        userId: viewer.id,
        author: emailPrefix(viewer.email),
        content,
        timestamp: ctx.now(),
        ...thread,
        status: (await holdsComment(ctx.db, postAuthor, viewer)) ? "held" : "published",
      },
      viewer.isAdmin,
    );
    if (!comment) throw postNotFound();
    ctx.cache.invalidate();
    return reply.status(201).send(comment);
  });

  app.patch<{ Params: { id: string } }>("/api/comments/:id", async (request) => {
    const viewer = await requireViewer(ctx, request);
    const content = commentText(request.body);
    const { id } = request.params;
    const found = isCommentId(id) ? await findCommentWithPost(ctx.db, authors, id) : null;
    if (!found) throw commentNotFound();
    // SPEC §6: the comment's writer, or the author of the post it is on.
    if (!canManageComment(viewer, found.comment, { author: found.postAuthor })) {
      throw forbidden("You can only edit your own comments.");
    }
    const updated = await updateComment(ctx.db, id, content, ctx.now(), found.isAuthor);
    if (!updated) throw commentNotFound();
    ctx.cache.invalidate();
    return updated;
  });

  app.delete<{ Params: { id: string } }>("/api/comments/:id", async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const { id } = request.params;
    const found = isCommentId(id) ? await findCommentWithPost(ctx.db, authors, id) : null;
    if (!found) throw commentNotFound();
    if (!canManageComment(viewer, found.comment, { author: found.postAuthor })) {
      throw forbidden("You can only delete your own comments.");
    }
    if (!(await deleteComment(ctx.db, id, ctx.now()))) throw commentNotFound();
    ctx.cache.invalidate();
    return reply.status(204).send();
  });
}
