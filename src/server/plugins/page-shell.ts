import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUTHORS } from "../../common/limits";
import { firstPageOf, queryKeys } from "../../common/query-keys";
import { AUTHOR_TITLES, pageFor, pageTitle, paths } from "../../common/routes";
import { normaliseTagParam } from "../../common/rules/hashtag-link";
import { metaDescription, postPageTitle } from "../../common/rules/meta";
import type { ShellData, Viewer } from "../../common/types";
import { type CachedBody, sendCached, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { REPO_ROOT } from "../paths";
import { cachedPostList, parsePostListQuery, readPost } from "../posts/posts.routes";
import { getViewer } from "./auth";

export const CLIENT_DIST_DIR = path.join(REPO_ROOT, "dist/client");

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

export interface PageHead {
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type?: "website" | "article";
  status?: number;
  /** og article:published_time (post pages). */
  publishedTime?: string;
  /** The RSS feed this page links to (default the whole blog's). */
  feedPath?: string;
  feedTitle?: string;
}

/** Escape for HTML text and attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside <script>: no stored string can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const rel = `/${path.relative(dir, full).split(path.sep).join("/")}`;
        if (rel === "/index.html" || rel.startsWith("/.vite/")) continue;
        const raw = readFileSync(full);
        const type = TYPES[path.extname(name)] ?? "application/octet-stream";
        const compressible =
          /^(text|application\/(json|manifest)|image\/svg)/.test(type) && raw.length > 1024;
        assets.set(rel, {
          type,
          raw,
          br: compressible ? brotliCompressSync(raw) : null,
          gzip: compressible ? gzipSync(raw, { level: 9 }) : null,
          etag: `"${raw.length.toString(16)}-${statSync(full).mtimeMs.toString(16)}"`,
        });
      }
    }
  };
  walk(dir);
  return assets;
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, immutable: boolean) {
  reply.header("content-type", asset.type);
  reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
  reply.header("etag", asset.etag);
  reply.header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === asset.etag) return reply.status(304).send();
  const accept = String(request.headers["accept-encoding"] ?? "");
  // Precompressed: tell @fastify/compress to leave it alone.
  if (asset.br && /\bbr\b/.test(accept)) {
    reply.header("content-encoding", "br");
    return reply.send(asset.br);
  }
  if (asset.gzip && /\bgzip\b/.test(accept)) {
    reply.header("content-encoding", "gzip");
    return reply.send(asset.gzip);
  }
  return reply.send(asset.raw);
}

export interface PageShellOptions {
  serveClient: boolean;
}

const HTML_TYPE = "text/html; charset=utf-8";
// The shell names the current hashed assets and carries live data: always revalidate.
const SHELL_CACHE_CONTROL = "no-cache";

/** Which lazily loaded route chunk renders a path (the page table of common/routes.ts). */
export function routeFileFor(pathname: string): string {
  return `app/routes/${pageFor(pathname).chunk}.tsx`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` (and stylesheets) for the route chunk of a page and everything it
 * imports, read from Vite's manifest: the browser fetches them alongside the entry instead of
 * after it, so the first visit paints without a gap.
 */
function routePreloads(clientDir: string): (pathname: string) => string {
  const file = path.join(clientDir, ".vite/manifest.json");
  if (!existsSync(file)) return () => "";
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const memo = new Map<string, string>();
  return (pathname) => {
    const key = routeFileFor(pathname);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || name === "index.html" || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    visit(key);
    const tags =
      [...css].map((c) => `<link rel="stylesheet" href="/${escapeHtml(c)}">`).join("") +
      [...js].map((f) => `<link rel="modulepreload" href="/${escapeHtml(f)}">`).join("");
    memo.set(key, tags);
    return tags;
  };
}

interface PageModel {
  head: PageHead;
  queries: ShellData["queries"];
  /** Whether the anonymous rendering may be kept until the next write (not for invented ids). */
  cacheable: boolean;
}

interface CachedShell {
  body: CachedBody;
  status: number;
  cacheable: boolean;
}

/**
 * Serves the built client from memory and answers every page route with the SPA shell carrying
 * that page's head and first data. Without a signed-in viewer the rendered page is cached per
 * route until the next write.
 */
export async function registerPageShell(app: FastifyInstance, ctx: AppContext, options: PageShellOptions) {
  const clientDir = ctx.config.clientDistDir ?? CLIENT_DIST_DIR;
  const indexFile = path.join(clientDir, "index.html");
  const haveClient = options.serveClient && existsSync(indexFile);
  const template = haveClient
    ? readFileSync(indexFile, "utf8")
    : '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>';
  const assets = haveClient ? loadAssets(clientDir) : new Map<string, Asset>();
  const preloads = haveClient ? routePreloads(clientDir) : () => "";
  const { siteName, publicUrl } = ctx.config;

  app.get("/assets/*", async (request, reply) => {
    const asset = assets.get(request.url.split("?")[0]!);
    if (!asset) throw notFound("file", "File not found");
    return sendAsset(request, reply, asset, true);
  });

  const renderHtml = (viewer: Viewer | null, head: PageHead, queries: ShellData["queries"]): string => {
    const data: ShellData = {
      viewer,
      siteName,
      publicUrl,
      pinterestBoardUrl: ctx.config.pinterestBoardUrl ?? null,
      queries,
    };
    const url = `${publicUrl}${head.canonicalPath}`;
    const image = head.image ? new URL(head.image, publicUrl).href : null;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(head.description)}">`,
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
      `<meta property="og:type" content="${head.type ?? "website"}">`,
      `<meta property="og:title" content="${escapeHtml(head.title)}">`,
      `<meta property="og:description" content="${escapeHtml(head.description)}">`,
      `<meta property="og:url" content="${escapeHtml(url)}">`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
      head.publishedTime
        ? `<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}">`
        : "",
      `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
      `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
      image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(head.feedTitle ?? siteName)}" href="${escapeHtml(head.feedPath ?? "/feed.xml")}">`,
    ].join("");
    return template
      .replace("<!--app-head-->", () => tags + preloads(head.canonicalPath))
      .replace(
        "<!--app-data-->",
        () => `<script type="application/json" id="duet-data">${jsonForScript(data)}</script>`,
      );
  };

  const renderShell = async (request: FastifyRequest, head: PageHead, queries: ShellData["queries"]) =>
    renderHtml(await getViewer(ctx, request), head, queries);
  app.decorate("renderShell", renderShell);

  /** Answer a page route: the anonymous shell from the cache, or a fresh one carrying the viewer. */
  const servePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    model: () => Promise<PageModel>,
  ) => {
    const viewer = await getViewer(ctx, request);
    if (!viewer) {
      const shell = await ctx.cache.getOrLoad<CachedShell>(
        key,
        async () => {
          const page = await model();
          const body = toCachedBody(renderHtml(null, page.head, page.queries), HTML_TYPE);
          return { body, status: page.head.status ?? 200, cacheable: page.cacheable };
        },
        (shell) => shell.cacheable,
      );
      return sendCached(request, reply, shell.body, SHELL_CACHE_CONTROL, shell.status);
    }
    const page = await model();
    reply.header("cache-control", "private, no-cache");
    return reply
      .status(page.head.status ?? 200)
      .type(HTML_TYPE)
      .send(renderHtml(viewer, page.head, page.queries));
  };

  const homeHead = (): PageHead => ({
    title: siteName,
    description: `${siteName}: His Blog and Her Blog.`,
    canonicalPath: "/",
  });

  app.get("/", (request, reply) =>
    servePage(request, reply, "shell|/", async () => ({ head: homeHead(), queries: [], cacheable: true })),
  );

  for (const author of AUTHORS) {
    const route = paths.blog(author);
    app.get(route, (request, reply) =>
      servePage(request, reply, `shell|${route}`, async () => {
        const { page } = await cachedPostList(ctx, parsePostListQuery({ author }));
        return {
          head: {
            title: `${AUTHOR_TITLES[author]} - ${siteName}`,
            description: `${AUTHOR_TITLES[author]}: the latest posts on ${siteName}.`,
            canonicalPath: route,
            image: page.items.find((p) => p.imageUrl)?.imageUrl ?? null,
            feedPath: paths.feed(author),
            feedTitle: `${AUTHOR_TITLES[author]} - ${siteName}`,
          },
          queries: [[[...queryKeys.authorPosts(author)], firstPageOf(page)]],
          cacheable: true,
        };
      }),
    );
  }

  app.get<{ Params: { id: string } }>("/post/:id", (request, reply) => {
    const { id } = request.params;
    return servePage(request, reply, `shell|/post/${id}`, async () => {
      // A draft or scheduled post: its author previews it; everyone else gets 'Post not found'.
      const entry = await readPost(ctx, id, await getViewer(ctx, request));
      if (!entry) {
        // The client shows 'Post not found'; crawlers get the status.
        return {
          head: {
            title: postPageTitle("Post not found", siteName),
            description: "Post not found",
            canonicalPath: `/post/${encodeURIComponent(id)}`,
            status: 404,
          },
          queries: [],
          cacheable: false,
        };
      }
      const { post } = entry;
      return {
        head: {
          title: postPageTitle(post.title, siteName),
          description: metaDescription(post.content, post.title),
          canonicalPath: `/post/${post.id}`,
          image: post.imageUrl,
          type: "article",
          publishedTime: post.date,
        },
        queries: [[[...queryKeys.post(post.id)], post]],
        cacheable: entry.isPublic,
      };
    });
  });

  app.get<{ Params: { tag: string } }>("/tags/:tag", (request, reply) => {
    const tag = normaliseTagParam(request.params.tag);
    if (!tag) {
      return servePage(request, reply, "shell|/tags/", async () => ({
        head: {
          title: `#${request.params.tag.slice(0, 80)} - ${siteName}`,
          description: `No posts found with #${request.params.tag.slice(0, 80)}`,
          canonicalPath: `/tags/${encodeURIComponent(request.params.tag.slice(0, 80))}`,
        },
        queries: [],
        cacheable: false,
      }));
    }
    return servePage(request, reply, `shell|/tags/${tag}`, async () => {
      const { page } = await cachedPostList(ctx, parsePostListQuery({ tag }));
      return {
        head: {
          title: `#${tag} - ${siteName}`,
          description:
            page.items.length > 0 ? `Posts tagged #${tag} on ${siteName}.` : `No posts found with #${tag}`,
          canonicalPath: paths.tag(tag),
          image: page.items.find((p) => p.imageUrl)?.imageUrl ?? null,
        },
        queries: [[[...queryKeys.tagPosts(tag)], firstPageOf(page)]],
        cacheable: true,
      };
    });
  });

  // Page routes not claimed by a more specific handler get the generic shell.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0]!;
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    if (pathname.startsWith("/api/") || pathname.startsWith("/uploads/") || pathname.startsWith("/assets/")) {
      return reply.status(404).send({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    const asset = assets.get(pathname);
    if (asset) return sendAsset(request, reply, asset, false);
    const page = pageFor(pathname);
    const html = await renderShell(
      request,
      {
        title: pageTitle(page, siteName),
        description: `${siteName}: His Blog and Her Blog.`,
        canonicalPath: pathname,
      },
      [],
    );
    reply.header("cache-control", SHELL_CACHE_CONTROL);
    // A path no client route renders shows the 'Page not found' page: say so to crawlers too.
    const known = page.chunk !== "not-found";
    return reply
      .status(known ? 200 : 404)
      .type(HTML_TYPE)
      .send(html);
  });
}

declare module "fastify" {
  interface FastifyInstance {
    renderShell(request: FastifyRequest, head: PageHead, queries: ShellData["queries"]): Promise<string>;
  }
}
