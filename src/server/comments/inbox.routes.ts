import type { FastifyInstance } from "fastify";
import { inboxCommentRead, inboxComments } from "../../common/api";
import { INBOX_COMMENTS_PAGE_SIZE } from "../../common/limits";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { pageRequest } from "../pagination";
import { listInboxComments, markInboxCommentRead } from "./inbox.repository";

/** The studio Inbox's comments: each author sees and marks read only comments on their own posts. */
export async function registerInboxRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, inboxComments, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    reply.header("cache-control", "no-store");
    return listInboxComments(
      ctx.db,
      viewer.authorKey,
      viewer.id,
      pageRequest(request.query, INBOX_COMMENTS_PAGE_SIZE),
    );
  });

  route(app, inboxCommentRead, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    // Another author's comment is missing to this one, like an unknown id.
    if (!(await markInboxCommentRead(ctx.db, viewer.authorKey, request.params.id, ctx.now())))
      throw notFound("comment");
    return reply.status(204).send();
  });
}
