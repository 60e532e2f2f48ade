import type { FastifyInstance } from "fastify";
import { AUTHORS, SITEMAP_FILE_URLS_MAX } from "../../common/limits";
import { paths } from "../../common/routes";
import { pagePath } from "../../common/site-pages";
import { type CachedBody, sendCached, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { listHashtags, listPostStamps, postStampFiles } from "../posts/posts.repository";
import { cachedPublicPages } from "../site-pages/site-pages.reads";
import { xmlEscape } from "./xml";

/**
 * The sitemap (sitemaps.org): `/sitemap.xml` is a sitemap index naming `/sitemaps/pages.xml`
 * (home, both blogs, tag pages, the authors' pages) and `/sitemaps/posts-{n}.xml`, files of at most
 * 50,000 posts each, oldest first, every one with its last change.
 */
const SITEMAP_MAX_TAGS = 4_000;
const XML_TYPE = "application/xml; charset=utf-8";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const POSTS_FILE = /^posts-([1-9]\d{0,5})\.xml$/;

const entry = (tag: "url" | "sitemap", loc: string, lastmod?: string | null) =>
  `<${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</${tag}>`;

/** The index: the pages file, then one file per `perFile` posts (none on an empty blog). */
export async function sitemapIndex(ctx: AppContext, perFile = SITEMAP_FILE_URLS_MAX): Promise<string> {
  const { publicUrl } = ctx.config;
  const files = await postStampFiles(ctx.db, perFile, ctx.now());
  const pagesChanged = [...(await cachedPublicPages(ctx)).bySlug.values()]
    .map((p) => p.updatedAt)
    .concat(files)
    .reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  return [
    XML_HEAD,
    `<sitemapindex ${NS}>`,
    entry("sitemap", `${publicUrl}/sitemaps/pages.xml`, pagesChanged),
    ...files.map((changed, i) => entry("sitemap", `${publicUrl}/sitemaps/posts-${i + 1}.xml`, changed)),
    "</sitemapindex>\n",
  ].join("");
}

/** File `n` (from 1) of the posts, or null past the last one. */
export async function sitemapPosts(ctx: AppContext, n: number, perFile = SITEMAP_FILE_URLS_MAX) {
  const posts = await listPostStamps(ctx.db, { offset: (n - 1) * perFile, limit: perFile }, ctx.now());
  if (posts.length === 0) return null;
  const { publicUrl } = ctx.config;
  return [
    XML_HEAD,
    `<urlset ${NS}>`,
    ...posts.map((p) => entry("url", `${publicUrl}${paths.post(p.slug)}`, p.changed)),
    "</urlset>\n",
  ].join("");
}

/** Home, the blogs and tag pages (dated by the newest post), the authors' pages by their last save. */
export async function sitemapPages(ctx: AppContext): Promise<string> {
  const { publicUrl } = ctx.config;
  const [tags, sitePages, newest] = await Promise.all([
    listHashtags(ctx.db, SITEMAP_MAX_TAGS, ctx.now()),
    cachedPublicPages(ctx),
    postStampFiles(ctx.db, Number.MAX_SAFE_INTEGER, ctx.now()),
  ]);
  const latest = newest[0] ?? null;
  return [
    XML_HEAD,
    `<urlset ${NS}>`,
    entry("url", `${publicUrl}${paths.home}`, latest),
    ...AUTHORS.map((author) => entry("url", `${publicUrl}${paths.blog(author)}`, latest)),
    ...tags.map((tag) => entry("url", `${publicUrl}${paths.tag(tag)}`)),
    // A built-in page nobody saved yet is its template: no date to give.
    ...[...sitePages.bySlug.values()].map((p) =>
      entry("url", `${publicUrl}${pagePath(p.slug)}`, p.updatedAt),
    ),
    "</urlset>\n",
  ].join("");
}

export function registerSitemapRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  cacheControl: () => string,
): void {
  const cached = (key: string, load: () => Promise<string | null>) =>
    ctx.cache.getOrLoad<CachedBody | null>(
      key,
      async () => {
        const xml = await load();
        return xml === null ? null : toCachedBody(xml, XML_TYPE);
      },
      (body) => body !== null,
    );

  app.get("/sitemap.xml", async (request, reply) =>
    sendCached(request, reply, (await cached("sitemap", () => sitemapIndex(ctx)))!, cacheControl()),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const { file } = request.params;
    const n = POSTS_FILE.exec(file)?.[1];
    const body =
      file === "pages.xml"
        ? await cached("sitemap|pages", () => sitemapPages(ctx))
        : n
          ? await cached(`sitemap|posts|${n}`, () => sitemapPosts(ctx, Number(n)))
          : null;
    if (!body) throw notFound("sitemap file");
    return sendCached(request, reply, body, cacheControl());
  });
}
