import type { FastifyInstance } from "fastify";
import { revisionCompare, revisionRestore, revisionsList } from "../../common/api";
import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { canManagePost } from "../../common/policies";
import { isPostPublic } from "../../common/rules/post-visibility";
import { isId } from "../../common/schemas/id";
import type { Page, PostRevision, PostRevisionSummary, RevisionComparison, Viewer } from "../../common/types";
import { caller, route } from "../api/route";
import { resetLiveDocument } from "../collab/collab.reads";
import { writerRole } from "../content/post-access";
import type { AppContext } from "../context";
import { forbidden, notFound } from "../errors";
import { encodeSeqCursor, seqPageRequest } from "../pagination";
import type { PostRow } from "./post.presenter";
import { findPostForWrite, updatePost } from "./post-writes.repository";
import { compareFields, hasChanges } from "./revision-diff";
import {
  getPreviousRevision,
  getRevision,
  listRevisions,
  type RevisionRow,
  revisionFieldsOf,
} from "./revisions.repository";

const postNotFound = () => notFound("post", "Post not found");
const revisionNotFound = () => notFound("revision", "Revision not found");

const summary = (r: RevisionRow): PostRevisionSummary => ({
  id: r.id,
  postId: r.postId,
  kind: r.kind,
  createdAt: r.createdAt.toISOString(),
  restoredFrom: r.restoredFrom,
  title: r.title,
});
const present = (r: RevisionRow): PostRevision => ({ ...summary(r), ...revisionFieldsOf(r) });

/**
 * A post's history is its author's, and its partner's while it is shared with them (decision
 * 0050: the words only, never its status): a visitor is asked to log in; anyone else gets 404
 * for a post they cannot see (a draft stays unknown) and 403 for a public one.
 */
async function loadOwnPost(ctx: AppContext, viewer: Viewer, id: string): Promise<PostRow> {
  const post = await findPostForWrite(ctx.db, id);
  if (!post) throw postNotFound();
  if (!canManagePost(viewer, post) && (await writerRole(ctx.db, id, viewer, ctx.now())) !== "partner") {
    if (!isPostPublic(post, ctx.now())) throw postNotFound();
    throw forbidden("Only the post's author can see its revisions.");
  }
  return post;
}

async function loadRevision(ctx: AppContext, post: PostRow, rawId: string): Promise<RevisionRow> {
  // Checked here, not by the contract: the path's one 404 text is the post's (PostRevisionParams).
  if (!isId(rawId)) throw revisionNotFound();
  const revision = await getRevision(ctx.db, post.id, rawId);
  if (!revision) throw revisionNotFound();
  return revision;
}

export async function registerRevisionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** GET /api/posts/:id/revisions: the post's saves, newest first. */
  route(app, revisionsList, {}, async (request, reply) => {
    const post = await loadOwnPost(ctx, caller(request), request.params.id);
    const { limit, afterSeq } = seqPageRequest(request.query, PAGE_SIZE_DEFAULT);
    const rows = await listRevisions(ctx.db, post.id, limit + 1, afterSeq);
    const items = rows.slice(0, limit);
    const page: Page<PostRevisionSummary> = {
      items: items.map(summary),
      nextCursor: rows.length > limit ? encodeSeqCursor(items[items.length - 1]!.seq) : null,
    };
    reply.header("cache-control", "private, no-store");
    return page;
  });

  /** GET /api/posts/:id/revisions/:revisionId?against=previous|current: the revision and what changed. */
  route(app, revisionCompare, {}, async (request, reply) => {
    const post = await loadOwnPost(ctx, caller(request), request.params.id);
    const { against } = request.query;
    const revision = await loadRevision(ctx, post, request.params.revisionId);
    const base = against === "current" ? post : await getPreviousRevision(ctx.db, revision);
    const changes = compareFields(base ? revisionFieldsOf(base) : null, revisionFieldsOf(revision));
    const body: RevisionComparison = {
      revision: present(revision),
      against,
      baseRevisionId: against === "previous" && base ? (base as RevisionRow).id : null,
      changed: hasChanges(changes),
      changes,
    };
    reply.header("cache-control", "private, no-store");
    return body;
  });

  /** POST /api/posts/:id/revisions/:revisionId/restore: the revision's text back; itself a revision. */
  route(app, revisionRestore, {}, async (request) => {
    const viewer = caller(request);
    const post = await loadOwnPost(ctx, viewer, request.params.id);
    const revision = await loadRevision(ctx, post, request.params.revisionId);
    const now = ctx.now();
    // The restore and its event in one transaction, the event an edit records: the caches, the
    // schedule and the social web (an Update of a post it has) follow (subscribers.ts).
    const restored = await ctx.events.transaction(async (tx, record) => {
      const saved = await updatePost(
        tx,
        post.id,
        { ...revisionFieldsOf(revision), lastUpdated: now },
        { by: viewer.id, at: now, kind: "restore", restoredFrom: revision.id },
      );
      if (saved) await record("postChanged", { postId: post.id });
      // A restored revision is a save from outside any co-editing session (decision 0048).
      if (saved) await resetLiveDocument(tx, record, "posts", post.id, "always");
      return saved;
    });
    if (!restored) throw postNotFound();
    return restored;
  });
}
