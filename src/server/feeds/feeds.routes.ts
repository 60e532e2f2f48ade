import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AUTHORS, type AuthorKey, FEED_MAX_AGE_S, FEED_SIZE } from "../../common/limits";
import { feedTitle, paths } from "../../common/routes";
import { publicAuthorName } from "../../common/site-names";
import { blogName, type SiteSettings } from "../../common/site-settings";
import type { BlogPostCard } from "../../common/types";
import { type CachedBody, sendCached, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { listPosts } from "../posts/posts.repository";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { parse } from "../validate";
import { registerSitemapRoutes } from "./sitemap";
import { xmlEscape } from "./xml";

export { xmlEscape };

const FeedQuerySchema = z.strictObject({
  author: z.enum(AUTHORS, { message: "author must be 'him' or 'her'." }).optional(),
});

function rssItem(publicUrl: string, post: BlogPostCard): string {
  const link = `${publicUrl}${paths.post(post.slug)}`;
  return [
    "<item>",
    `<title>${xmlEscape(post.title)}</title>`,
    `<link>${xmlEscape(link)}</link>`,
    `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
    `<pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
    `<dc:creator>${xmlEscape(publicAuthorName(post.author, post.authorName))}</dc:creator>`,
    `<description>${xmlEscape(post.excerpt)}</description>`,
    ...post.hashtags.map((tag) => `<category>${xmlEscape(tag)}</category>`),
    "</item>",
  ].join("");
}

/** RSS 2.0 of the newest posts, of one author or both; links absolute on PUBLIC_URL. */
export function renderRss(
  ctx: AppContext,
  site: SiteSettings,
  author: AuthorKey | undefined,
  posts: BlogPostCard[],
): string {
  const { publicUrl } = ctx.config;
  const { siteName } = site;
  const title = feedTitle(siteName, author && blogName(site, author));
  const home = `${publicUrl}${author ? paths.blog(author) : paths.home}`;
  const self = `${publicUrl}${paths.feed(author)}`;
  const newest = posts[0] ? new Date(posts[0].date).toUTCString() : null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${xmlEscape(title)}</title>`,
    `<link>${xmlEscape(home)}</link>`,
    `<description>${xmlEscape(author ? `The latest posts of ${blogName(site, author)} on ${siteName}.` : `${site.himBlogName} and ${site.herBlogName} on ${siteName}.`)}</description>`,
    "<language>en</language>",
    `<atom:link href="${xmlEscape(self)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${newest}</lastBuildDate>` : "",
    ...posts.map((p) => rssItem(publicUrl, p)),
    "</channel>",
    "</rss>\n",
  ].join("");
}

export async function registerFeedsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { publicUrl } = ctx.config;
  // A reader's or a proxy's copy must not outlive the next scheduled post's publish time.
  const feedCacheControl = (): string => {
    const due = ctx.publishing.nextDue;
    const untilDue = due ? Math.floor((due.getTime() - ctx.now().getTime()) / 1000) : FEED_MAX_AGE_S;
    return `public, max-age=${Math.max(0, Math.min(FEED_MAX_AGE_S, untilDue))}`;
  };

  const feed = (author: AuthorKey | undefined): Promise<CachedBody> =>
    ctx.cache.getOrLoad(`feed|${author ?? ""}`, async () => {
      const page = await listPosts(ctx.db, { author, limit: FEED_SIZE, cursor: null }, ctx.now());
      return toCachedBody(
        renderRss(ctx, await cachedPublicSiteSettings(ctx), author, page.items),
        "application/rss+xml; charset=utf-8",
      );
    });

  app.get("/feed.xml", async (request, reply) => {
    const { author } = parse(FeedQuerySchema, request.query ?? {});
    return sendCached(request, reply, await feed(author), feedCacheControl());
  });
  for (const author of AUTHORS) {
    app.get(paths.feed(author), async (request, reply) =>
      sendCached(request, reply, await feed(author), feedCacheControl()),
    );
  }

  registerSitemapRoutes(app, ctx, feedCacheControl);

  const robots = toCachedBody(
    [
      "User-agent: *",
      "Allow: /",
      `Disallow: ${paths.studio}`,
      `Disallow: ${paths.profile}`,
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n"),
    "text/plain; charset=utf-8",
  );
  app.get("/robots.txt", async (request, reply) =>
    sendCached(request, reply, robots, "public, max-age=86400"),
  );
}
