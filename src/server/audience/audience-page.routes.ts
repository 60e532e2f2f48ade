import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  audienceCsv,
  audienceFollowers,
  audienceImport,
  audienceRemove,
  audienceTestEmail,
} from "../../common/api";
import {
  AUDIENCE_TEXT,
  type AudienceFollowers,
  type ImportResult,
  TEST_EMAILS_PER_HOUR,
} from "../../common/audience-page";
import { authorCaller, route } from "../api/route";
import { cachedAuthorProfile } from "../authors/authors.reads";
import type { AppContext } from "../context";
import { mailQueue } from "../db/schema";
import { normaliseEmail } from "../env";
import { notFound, tooManyRequests } from "../errors";
import { findPostForWrite } from "../posts/post-writes.repository";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import {
  allFollowers,
  followerCounts,
  followerGrowth,
  removeFollower,
  searchFollowers,
} from "./audience-page.repository";
import { confirmFollowEmail, newPostEmail } from "./emails";
import { csvLine } from "./follower-csv";
import { importFollowers } from "./follower-import";
import { FOLLOWER_TOKEN_SLOT } from "./post-emails";

/**
 * The studio's Audience page (docs/decisions/0031-audience.md). Each author sees and manages the
 * followers of their own blog only: a follower gave their address to that blog (SPEC §6 ties
 * every author's powers to their own author value). Visitors get 401, readers 403 (the rows' `who`).
 */
export async function registerAudiencePageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, audienceFollowers, {}, async (request, reply): Promise<AudienceFollowers> => {
    const author = authorCaller(request).authorKey;
    const [counts, page, growth] = await Promise.all([
      followerCounts(ctx.db, author),
      searchFollowers(ctx.db, author, request.query),
      followerGrowth(ctx.db, author, ctx.now()),
    ]);
    reply.header("cache-control", "no-store");
    return { counts, ...page, growth };
  });

  route(app, audienceCsv, {}, async (request, reply) => {
    const author = authorCaller(request).authorKey;
    const rows = await allFollowers(ctx.db, author);
    const head = csvLine([
      "email",
      "status",
      "followed_at",
      "confirmed_at",
      "unsubscribed_at",
      "bounced_at",
      "bounce_reason",
    ]);
    const body = rows
      .map((r) =>
        csvLine([
          r.email,
          r.status,
          r.createdAt,
          r.confirmedAt,
          r.unsubscribedAt,
          r.bouncedAt,
          r.bounceReason,
        ]),
      )
      .join("");
    const day = ctx.now().toISOString().slice(0, 10);
    reply
      .header("cache-control", "no-store")
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="followers-${author}-${day}.csv"`);
    return head + body;
  });

  route(app, audienceRemove, {}, async (request, reply) => {
    const author = authorCaller(request).authorKey;
    const { id } = request.params;
    // Another blog's follower answers like a missing one: nothing about it is revealed.
    if (!(await removeFollower(ctx.db, author, id)))
      throw notFound("follower", AUDIENCE_TEXT.followerNotFound);
    return reply.status(204).send();
  });

  route(app, audienceImport, {}, async (request): Promise<ImportResult> => {
    const { body } = request;
    const author = authorCaller(request).authorKey;
    const names = await cachedPublicSiteSettings(ctx);
    const result = await importFollowers(
      ctx.db,
      { author, csv: body.csv, confirmed: body.confirmed, now: ctx.now() },
      (authors, tokens) => confirmFollowEmail(ctx.config, names, authors, tokens),
    );
    if (result.confirmationsSent > 0) ctx.audienceMail.kick();
    return result;
  });

  /** 'Send a test to me': the follower email of this post, as followers will get it, to its author. */
  route(app, audienceTestEmail, {}, async (request, reply) => {
    const { postId } = request.body;
    const viewer = authorCaller(request);
    const author = viewer.authorKey;
    const post = await findPostForWrite(ctx.db, postId);
    if (!post || post.author !== author) throw notFound("post", AUDIENCE_TEXT.postNotFound);
    const to = normaliseEmail(viewer.email);
    const now = ctx.now();
    const [recent] = await ctx.db
      .select({ n: count() })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.toEmail, to),
          eq(mailQueue.kind, "post"),
          isNull(mailQueue.followerId),
          gte(mailQueue.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      );
    if (Number(recent?.n ?? 0) >= TEST_EMAILS_PER_HOUR) throw tooManyRequests(AUDIENCE_TEXT.tooManyTests);
    const names = await cachedPublicSiteSettings(ctx);
    // Exactly what followers get (post-emails.ts): the same letter, with the author's byline.
    const profile = await cachedAuthorProfile(ctx, author);
    const mail = newPostEmail(
      ctx.config,
      names,
      { ...post, date: post.date.toISOString() },
      FOLLOWER_TOKEN_SLOT,
      profile,
    );
    await ctx.db.insert(mailQueue).values({
      kind: "post",
      toEmail: to,
      postId: post.id,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      unsubscribeUrl: mail.unsubscribeUrl,
      createdAt: now,
      nextAttemptAt: now,
    });
    ctx.audienceMail.kick();
    return reply.status(202).send({ sentTo: to });
  });
}
