import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMMENT_TOO_LONG_MESSAGE, emailPrefix } from "../../common/engagement";
import { COMMENT_MAX_LENGTH, PAGE_SIZE_MAX } from "../../common/limits";
import { canComment, canManageComment } from "../../common/policies";
import { BODY_MUST_BE_OBJECT } from "../body-schema";
import type { AppContext } from "../context";
import { badRequest, forbidden, notFound, unauthorized } from "../errors";
import { isPostId } from "../likes/likes.repository";
import { getViewer, requireViewer } from "../plugins/auth";
import { parse } from "../validate";
import { writeLimiter } from "../write-limits";
import {
  decodeCursor,
  deleteComment,
  findCommentWithPost,
  findPostAuthor,
  insertComment,
  listComments,
  updateComment,
} from "./comments.repository";

export const COMMENTS_PAGE_SIZE = 20;

const CommentBodySchema = z.strictObject(
  {
    content: z.string({ message: "Comment must be text." }),
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
  const { content } = parse(CommentBodySchema, body);
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
  app.get<{ Params: { id: string } }>("/api/posts/:id/comments", async (request) => {
    const { id } = request.params;
    if (!isPostId(id)) throw postNotFound();
    const query = parse(ListQuerySchema, request.query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !after) throw badRequest("cursor is not valid.", "VALIDATION_ERROR");
    const load = async () => {
      if (!(await findPostAuthor(ctx.db, id))) return null;
      return listComments(ctx.db, authors, id, query.limit, after);
    };
    // The first page of a post's comments is public and read often: serve it from the content cache.
    const page = after ? await load() : await ctx.cache.getOrLoad(`comments:${id}:${query.limit}`, load);
    if (!page) throw postNotFound();
    return page;
  });

  app.post<{ Params: { id: string } }>("/api/posts/:id/comments", async (request, reply) => {
    const viewer = await getViewer(ctx, request);
    if (!viewer || !canComment(viewer)) throw unauthorized("Please log in to post a comment");
    const content = commentText(request.body);
    const { id } = request.params;
    if (!isPostId(id) || !(await findPostAuthor(ctx.db, id))) throw postNotFound();
    limitComments(viewer.id);
    const comment = await insertComment(
      ctx.db,
      {
        postId: id,
        userId: viewer.id,
        author: emailPrefix(viewer.email),
        content,
        timestamp: ctx.now(),
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
    if (!(await deleteComment(ctx.db, id))) throw commentNotFound();
    ctx.cache.invalidate();
    return reply.status(204).send();
  });
}
