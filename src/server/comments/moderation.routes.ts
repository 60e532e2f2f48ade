import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  blockCreate,
  blockDelete,
  blocksList,
  commentApprove,
  commentDismissReports,
  commentReport,
  commentVisibility,
  moderationRead,
  moderationUpdate,
} from "../../common/api";
import { canModerateComment, canSeeComment } from "../../common/policies";
import { authorCaller, caller, route } from "../api/route";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { badRequest, forbidden, notFound } from "../errors";
import { writeLimiter } from "../write-limits";
import { findCommentWithPost, toComment } from "./comments.repository";
import {
  approve,
  block,
  dismissReports,
  getAuthorSettings,
  listBlocks,
  report,
  reviewQueue,
  setAuthorSettings,
  setHidden,
  unblock,
} from "./moderation.repository";

const commentNotFound = () => notFound("comment", "Comment not found");
const onlyPostAuthor = () => forbidden("Only the post's author can moderate its comments.");

/** Moderation for two: the post's author hides, approves and blocks; readers report. */
export async function registerModerationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const authors = [ctx.config.authorEmails.him, ctx.config.authorEmails.her];
  const limitReports = writeLimiter("report", ctx.now);
  const limitReportsPerAddress = writeLimiter("reportPerAddress", ctx.now);
  // Hiding, approving and blocking change what readers see: the write and its event in one
  // transaction (the caches drop; the social web's replies follow a hidden comment).
  const changeContent = (write: (tx: Db) => Promise<void>) => ctx.events.write("contentChanged", {}, write);
  // The id is a UUID (IdParams: any other path answers 'Comment not found' before this).
  const load = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const found = await findCommentWithPost(ctx.db, authors, request.params.id);
    if (!found || found.comment.deletedAt) throw commentNotFound();
    return found;
  };
  /** The signed-in author of the post the comment is on, or 403. */
  const moderator = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const viewer = caller(request);
    const found = await load(request);
    if (!canModerateComment(viewer, { author: found.postAuthor })) throw onlyPostAuthor();
    return { viewer, found };
  };

  route(app, commentVisibility, {}, async (request) => {
    const { hidden } = request.body;
    const { found } = await moderator(request);
    await changeContent((tx) => setHidden(tx, found.comment.id, hidden, ctx.now()));
    return { ...toComment(found.comment, found.isAuthor), hidden };
  });

  route(app, commentApprove, {}, async (request) => {
    const { found } = await moderator(request);
    await changeContent((tx) => approve(tx, found.comment.id));
    return { ...toComment(found.comment, found.isAuthor), held: false };
  });

  route(app, commentDismissReports, {}, async (request, reply) => {
    const { found } = await moderator(request);
    await dismissReports(ctx.db, found.comment.id, ctx.now());
    return reply.status(204).send();
  });

  route(app, commentReport, {}, async (request, reply) => {
    const { reason } = request.body;
    const viewer = caller(request);
    const found = await load(request);
    // A held or hidden comment this reader cannot see is missing to them, as in the thread.
    const { comment } = found;
    const visible = {
      userId: comment.userId,
      hidden: comment.hiddenAt !== null,
      held: comment.status === "held",
    };
    if (!canSeeComment(viewer, visible, { author: found.postAuthor })) throw commentNotFound();
    if (comment.userId === viewer.id) throw badRequest("You cannot report your own comment.");
    limitReports(viewer.id);
    limitReportsPerAddress(clientKey(request.ip));
    await report(ctx.db, found.comment.id, viewer.id, reason || null, ctx.now());
    return reply.status(201).send({ reported: true });
  });

  /** Block a reader from commenting on the signed-in author's blog (their comments there hide). */
  route(app, blockCreate, {}, async (request, reply) => {
    const { userId } = request.body;
    const viewer = authorCaller(request);
    if (userId === viewer.id) throw badRequest("You cannot block yourself.");
    const target = await findUserEmail(ctx, userId);
    if (!target) throw notFound("reader", "Reader not found");
    if (authors.includes(target)) throw badRequest("The blog's authors cannot be blocked.");
    await changeContent((tx) => block(tx, viewer.authorKey, userId, ctx.now()));
    return reply.status(201).send({ blocked: userId });
  });

  /** The studio's list of readers the signed-in author blocked: theirs alone, to unblock. */
  route(app, blocksList, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    reply.header("cache-control", "no-store");
    return { items: await listBlocks(ctx.db, viewer.authorKey) };
  });

  route(app, blockDelete, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    await changeContent((tx) => unblock(tx, viewer.authorKey, request.params.userId));
    return reply.status(204).send();
  });

  /** /admin: the hold-first-comments setting and the review list of the signed-in author. */
  route(app, moderationRead, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const [settings, queue] = await Promise.all([
      getAuthorSettings(ctx.db, viewer.authorKey),
      reviewQueue(ctx.db, viewer.authorKey),
    ]);
    reply.header("cache-control", "no-store");
    return {
      ...settings,
      held: queue.held.map((r) => ({ comment: toComment(r.comment, false), postTitle: r.postTitle })),
      reported: queue.reported.map((r) => ({
        comment: toComment(r.comment, false),
        postTitle: r.postTitle,
        reports: r.reports,
        reasons: r.reasons,
        reportedAt: new Date(r.reportedAt).toISOString(),
      })),
    };
  });

  route(app, moderationUpdate, {}, async (request) => {
    const { holdFirstComments } = request.body;
    const viewer = authorCaller(request);
    return setAuthorSettings(ctx.db, viewer.authorKey, holdFirstComments);
  });
}

async function findUserEmail(ctx: AppContext, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}
