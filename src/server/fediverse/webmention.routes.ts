import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { webmentionReceive, webmentionRemove } from "../../common/api";
import { WEBMENTION_FORM_MAX_BYTES } from "../../common/limits";
import { canModerateComment } from "../../common/policies";
import { pageFor, pages } from "../../common/routes";
import { isId } from "../../common/schemas/id";
import { caller, route } from "../api/route";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { blogPosts, postOldSlugs, webmentionsReceived } from "../db/schema";
import { badRequest, forbidden, notFound, tooManyRequests } from "../errors";
import { getPublicPost } from "../posts/posts.repository";

export const WEBMENTION_MESSAGES = {
  sameUrl: "source and target must be different URLs.",
  notOurs: "target is not a public post on this blog.",
  tooMany: "Too many Webmentions from your network. Please wait a minute and try again.",
  notFound: "Mention not found",
  onlyPostAuthor: "Only the post's author can remove its mentions.",
} as const;

/** The public post a target URL names (`/post/{slug}`, an old slug or its id), or null. */
async function postAt(ctx: AppContext, target: string): Promise<string | null> {
  const url = new URL(target);
  if (url.origin !== new URL(ctx.config.publicUrl).origin || pageFor(url.pathname) !== pages.post)
    return null;
  let segment: string;
  try {
    segment = decodeURIComponent(url.pathname.replace(/\/+$/, "").split("/").pop() ?? "");
  } catch {
    return null;
  }
  const [row] = await ctx.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      or(
        eq(blogPosts.slug, segment),
        isId(segment) ? eq(blogPosts.id, segment) : sql`false`,
        eq(
          blogPosts.id,
          ctx.db.select({ id: postOldSlugs.postId }).from(postOldSlugs).where(eq(postOldSlugs.slug, segment)),
        ),
      ),
    )
    .limit(1);
  const post = row ? await getPublicPost(ctx.db, row.id, ctx.now()) : null;
  return post?.id ?? null;
}

/**
 * The Webmention endpoint (W3C §3.2): checks what it can at once (two http(s) URLs, a target that
 * is one of our public posts, not the same URL), queues it and answers 202; the worker fetches
 * and verifies the source later (webmention-worker.ts). Form-encoded, as the Recommendation says.
 */
export async function registerWebmentionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Every post page advertises the endpoint (W3C §3.1.2), in its head too (shell/html.ts).
  const link = `<${ctx.config.publicUrl}${webmentionReceive.path}>; rel="webmention"`;
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" && pageFor(request.url) === pages.post && !request.url.startsWith("/api/"))
      reply.header("link", link);
    return payload;
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: WEBMENTION_FORM_MAX_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scope,
      webmentionReceive,
      { bodyLimit: WEBMENTION_FORM_MAX_BYTES, config: { allowCrossSite: true } },
      async (request, reply) => {
        if (!ctx.limits.webmentions.take(clientKey(request.ip)))
          throw tooManyRequests(WEBMENTION_MESSAGES.tooMany);
        const { source, target } = request.body;
        if (source === target) throw badRequest(WEBMENTION_MESSAGES.sameUrl);
        const postId = await postAt(ctx, target);
        if (!postId) throw badRequest(WEBMENTION_MESSAGES.notOurs);
        // Sent again: verified again (§3.2, updates and deletes); the last time it was sent wins.
        await ctx.db
          .insert(webmentionsReceived)
          .values({ source, target, postId, dueAt: ctx.now() })
          .onConflictDoUpdate({
            target: [webmentionsReceived.source, webmentionsReceived.target],
            set: { dueAt: ctx.now(), attempts: 0, postId },
          });
        void ctx.fediverse.webmentions.kick();
        return reply.status(202).send({ status: "queued" });
      },
    );
  });

  // The moderation rule of comments (canModerateComment): the post's author, not the other one.
  // The row is kept with `hidden_at` set, so the same source sent again stays removed.
  route(app, webmentionRemove, {}, async (request, reply) => {
    const [found] = await ctx.db
      .select({ id: webmentionsReceived.id, author: blogPosts.author })
      .from(webmentionsReceived)
      .innerJoin(blogPosts, eq(blogPosts.id, webmentionsReceived.postId))
      .where(
        and(
          eq(webmentionsReceived.id, Number(request.params.id)),
          eq(webmentionsReceived.kind, "mention"),
          isNull(webmentionsReceived.hiddenAt),
        ),
      );
    if (!found) throw notFound("mention", WEBMENTION_MESSAGES.notFound);
    if (!canModerateComment(caller(request), found)) throw forbidden(WEBMENTION_MESSAGES.onlyPostAuthor);
    await ctx.events.write("contentChanged", {}, async (tx) => {
      await tx
        .update(webmentionsReceived)
        .set({ hiddenAt: ctx.now() })
        .where(eq(webmentionsReceived.id, found.id));
    });
    return reply.status(204).send();
  });
}
