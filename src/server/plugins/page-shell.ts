import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../../common/types";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { getViewer } from "./auth";

export const CLIENT_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../dist/client",
);

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

/** The data a page is rendered with: read by the client from #duet-data before its first render. */
export interface ShellData {
  viewer: Viewer | null;
  siteName: string;
  publicUrl: string;
  pinterestBoardUrl: string | null;
  /** TanStack Query cache entries to hydrate: [queryKey, data]. */
  queries: Array<[unknown[], unknown]>;
}

export interface PageHead {
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type?: "website" | "article";
  status?: number;
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

/**
 * Serves the built client from memory and answers every page route with the SPA shell carrying
 * that page's head and first data.
 */
export async function registerPageShell(app: FastifyInstance, ctx: AppContext, options: PageShellOptions) {
  const clientDir = ctx.config.clientDistDir ?? CLIENT_DIST_DIR;
  const indexFile = path.join(clientDir, "index.html");
  const haveClient = options.serveClient && existsSync(indexFile);
  const template = haveClient
    ? readFileSync(indexFile, "utf8")
    : '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>';
  const assets = haveClient ? loadAssets(clientDir) : new Map<string, Asset>();

  app.get("/assets/*", async (request, reply) => {
    const asset = assets.get(request.url.split("?")[0]!);
    if (!asset) throw notFound("file", "File not found");
    return sendAsset(request, reply, asset, true);
  });

  const renderShell = async (request: FastifyRequest, head: PageHead, queries: ShellData["queries"]) => {
    const viewer = await getViewer(ctx, request);
    const data: ShellData = {
      viewer,
      siteName: ctx.config.siteName,
      publicUrl: ctx.config.publicUrl,
      pinterestBoardUrl: ctx.config.pinterestBoardUrl ?? null,
      queries,
    };
    const url = `${ctx.config.publicUrl}${head.canonicalPath}`;
    const image = head.image ? new URL(head.image, ctx.config.publicUrl).href : null;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(head.description)}">`,
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      `<meta property="og:site_name" content="${escapeHtml(ctx.config.siteName)}">`,
      `<meta property="og:type" content="${head.type ?? "website"}">`,
      `<meta property="og:title" content="${escapeHtml(head.title)}">`,
      `<meta property="og:description" content="${escapeHtml(head.description)}">`,
      `<meta property="og:url" content="${escapeHtml(url)}">`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
      `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
      `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
      image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(ctx.config.siteName)}" href="/feed.xml">`,
    ].join("");
    return template
      .replace("<!--app-head-->", tags)
      .replace(
        "<!--app-data-->",
        `<script type="application/json" id="duet-data">${jsonForScript(data)}</script>`,
      );
  };

  app.decorate("renderShell", renderShell);

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
    const html = await renderShell(
      request,
      {
        title: ctx.config.siteName,
        description: `${ctx.config.siteName}: His Blog and Her Blog.`,
        canonicalPath: pathname,
      },
      [],
    );
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(html);
  });
}

declare module "fastify" {
  interface FastifyInstance {
    renderShell(request: FastifyRequest, head: PageHead, queries: ShellData["queries"]): Promise<string>;
  }
}
