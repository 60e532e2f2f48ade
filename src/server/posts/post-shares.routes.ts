import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { postShare, postUnshare, sharedWithMe } from "../../common/api";
import { collabDocKey } from "../../common/collab";
import { isPostPublic } from "../../common/rules/post-visibility";
import { authorCaller, route } from "../api/route";
import { type ShareState, shareStateOf } from "../content/post-access";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { postShares } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { listSharedWithMe, SHARE_MESSAGES } from "./post-shares.reads";

// Draft sharing (docs/decisions/0050-draft-sharing.md): the owner of a post invites the other
// author into it, or stops; the partner lists what is shared with them. Who may then do what is
// post-shares.ts's `writerRole`, asked by every surface that writes or reads a draft.

const postNotFound = () => notFound("post", "Post not found");

export async function registerPostSharesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The post, when it is this author's; the other author's draft stays unknown (404), a public one 403. */
  const ownPost = async (id: string, me: "him" | "her"): Promise<ShareState> => {
    const state = await shareStateOf(ctx.db, id);
    if (!state) throw postNotFound();
    if (state.author !== me) {
      if (isPostPublic(state, ctx.now())) throw forbidden(SHARE_MESSAGES.notYours);
      // Shared with this author: they know of it, but sharing is its owner's.
      if (state.shared && !state.sealed) throw forbidden(SHARE_MESSAGES.notYours);
      throw postNotFound();
    }
    return state;
  };

  /** PUT /api/posts/:id/share: a draft or scheduled post, never a take before its reveal. */
  route(app, postShare, {}, async (request) => {
    const me = authorCaller(request).authorKey;
    const { id } = request.params;
    const state = await ownPost(id, me);
    // Decision 0046: a take is its author's alone until both are revealed together.
    if (state.sealed) throw conflict(SHARE_MESSAGES.sealed);
    if (isPostPublic(state, ctx.now())) throw conflict(SHARE_MESSAGES.public);
    await ctx.events.transaction(async (tx, record) => {
      // Once per share: sharing a shared post again sends no second email.
      if (await addShare(tx, id, ctx.now())) await record("postShared", { postId: id });
    });
    return { shared: true };
  });

  /** DELETE /api/posts/:id/share: the partner's access ends, their open editors close (4403). */
  route(app, postUnshare, {}, async (request) => {
    const me = authorCaller(request).authorKey;
    const { id } = request.params;
    await ownPost(id, me);
    await ctx.events.transaction(async (tx, record) => {
      if (await removeShare(tx, id)) await record("collabAccess", { doc: collabDocKey("posts", id) });
    });
    return { shared: false };
  });

  /** GET /api/me/shared-posts: the other author's drafts and scheduled posts open to me. */
  route(app, sharedWithMe, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return { items: await listSharedWithMe(ctx.db, authorCaller(request).authorKey, ctx.now()) };
  });
}

/** Share the post with the partner (idempotent). */
export async function addShare(tx: Db, postId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(postShares)
    .values({ postId, sharedAt: now })
    .onConflictDoNothing()
    .returning({ id: postShares.postId });
  return rows.length > 0;
}

/** Stop sharing; true when there was a share. */
export async function removeShare(tx: Db, postId: string): Promise<boolean> {
  const rows = await tx
    .delete(postShares)
    .where(eq(postShares.postId, postId))
    .returning({ id: postShares.postId });
  return rows.length > 0;
}
