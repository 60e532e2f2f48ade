import type { FastifyInstance } from "fastify";
import { likeRead, likeToggle } from "../../common/api";
import { caller, route } from "../api/route";
import { postIsPublic, viewerCanSeePost } from "../content/visibility";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { getViewer } from "../plugins/viewer";
import { conversationOf } from "../takes/takes.reads";
import { writeLimiter } from "../write-limits";
import { getLikeState, toggleLike } from "./likes.repository";

const postNotFound = () => notFound("post", "Post not found");

export async function registerLikesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limitLikes = writeLimiter("like", ctx.now);
  /** The viewer's like state: `{ liked, likes }` (a visitor never likes). */
  route(app, likeRead, {}, async (request, reply) => {
    const id = (await conversationOf(ctx, request.params.id)) ?? request.params.id;
    const viewer = await getViewer(ctx, request);
    if (!(await viewerCanSeePost(ctx.db, id, viewer, ctx.now()))) throw postNotFound();
    const state = await getLikeState(ctx.db, id, viewer?.id ?? null);
    if (!state) throw postNotFound();
    reply.header("cache-control", "no-store");
    return state;
  });

  /** SPEC §4: toggle the viewer's like; answers the new `{ liked, likes }`. */
  // The count is part of every cached post and card: the cache drops those (cache/subscriptions.ts).
  route(app, likeToggle, {}, async (request, reply) => {
    const viewer = caller(request);
    const id = (await conversationOf(ctx, request.params.id)) ?? request.params.id;
    // Only a public post takes likes: a draft or scheduled one is missing to everyone.
    if (!(await postIsPublic(ctx.db, id, ctx.now()))) throw postNotFound();
    limitLikes(viewer.id);
    // The like and its event in one transaction (the cache drops the post's count).
    const state = await ctx.events.write("likeChanged", { postId: id }, (tx) =>
      toggleLike(tx, id, viewer.id, ctx.now()),
    );
    if (!state) throw postNotFound();
    reply.header("cache-control", "no-store");
    return state;
  });
}
