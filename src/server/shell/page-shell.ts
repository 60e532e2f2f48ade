import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../common/error-codes";
import { type PageName, pages } from "../../common/routes";
import { accentStyle, pinterestBoardUrl } from "../../common/site-settings";
import type { Viewer } from "../../common/types";
import { type CachedBody, SELF_COMPRESSED, sendCached, toCachedBody } from "../cache/http-body";
import { clientKey } from "../client-key";
import type { PageLoader, PageModel } from "../content/page-model";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { REPO_ROOT } from "../paths";
import { getViewer } from "../plugins/auth";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { cachedPublicPages } from "../site-pages/site-pages.reads";
import { type Asset, loadAssets, sendAsset } from "./assets";
import { headTags, loadTemplate, renderDocument, type ShellData, type Template } from "./html";
import { routePreloads } from "./preloads";
import { type AppRenderer, loadRenderer } from "./renderer";

export const CLIENT_DIST_DIR = path.join(REPO_ROOT, "dist/client");

const HTML_TYPE = "text/html; charset=utf-8";
// A page names the current hashed assets and carries live data: always revalidate.
const PAGE_CACHE_CONTROL = "no-cache";

/** Everything the page shell reads from the built client, once at start. */
export interface Shell {
  template: Template;
  assets: Map<string, Asset>;
  preloads: ReturnType<typeof routePreloads>;
  renderer: AppRenderer | null;
}

export async function loadShell(ctx: AppContext, serveClient: boolean): Promise<Shell> {
  const dir = ctx.config.clientDistDir ?? CLIENT_DIST_DIR;
  const clientDir = serveClient && existsSync(path.join(dir, "index.html")) ? dir : null;
  return {
    template: loadTemplate(clientDir),
    assets: clientDir ? loadAssets(clientDir) : new Map(),
    preloads: routePreloads(clientDir),
    renderer: await loadRenderer(clientDir),
  };
}

interface CachedPage {
  body: CachedBody;
  status: number;
  cacheable: boolean;
  /** A permanent redirect instead of the page (a post's id or earlier slug → its address). */
  redirect?: string;
}

/**
 * Serves the built client from memory and answers every page route with HTML rendered by the
 * React app on the server (private pages: the empty shell), carrying the page's head and the
 * data the browser hydrates with. Without a signed-in viewer a rendered page is cached until
 * the next write, like the API reads. The loaders are the page table's, assembled by the app
 * (page-loaders.ts): the shell imports no feature's page.
 */
export async function registerPageShell(
  app: FastifyInstance,
  ctx: AppContext,
  shell: Shell,
  pageLoaders: Record<PageName, PageLoader>,
) {
  const { template, assets, preloads, renderer } = shell;
  const { publicUrl } = ctx.config;

  app.get("/assets/*", SELF_COMPRESSED, async (request, reply) => {
    const asset = assets.get(request.url.split("?")[0]!);
    if (!asset) throw notFound("file", "File not found");
    return sendAsset(request, reply, asset, true);
  });

  const renderPage = async (
    request: FastifyRequest,
    name: PageName,
    page: PageModel,
    viewer: Viewer | null,
  ): Promise<string> => {
    const site = await cachedPublicSiteSettings(ctx);
    const { siteName } = site;
    const data: ShellData = {
      viewer,
      siteName,
      site,
      publicUrl,
      pinterestBoardUrl: pinterestBoardUrl(site),
      pageLinks: (await cachedPublicPages(ctx)).links,
      queries: page.queries,
    };
    let appHtml = "";
    if (renderer && page.serverRendered) {
      try {
        appHtml = (await renderer.render(`${publicUrl}${request.url}`, data)).html ?? "";
      } catch (error) {
        // The browser can still render the page from the same data.
        request.log.error({ err: error }, "server rendering failed");
      }
    }
    const head = headTags(page.head, siteName, publicUrl) + preloads(pages[name].chunk, viewer !== null);
    return renderDocument(template, head, appHtml, data, accentStyle(site));
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply, name: PageName) => {
    const viewer = await getViewer(ctx, request);
    const q = request.url.indexOf("?");
    const raw = q < 0 ? request.url : request.url.slice(0, q);
    const pathname = raw.length > 1 ? raw.replace(/\/+$/, "") || "/" : raw;
    const params = name === "notFound" ? {} : (request.params as Record<string, string>);
    const load = async () => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const page = await pageLoaders[name](ctx, {
        pathname,
        params,
        query,
        viewer,
        address: clientKey(request.ip),
      });
      if (page.redirect) {
        return {
          body: toCachedBody("", HTML_TYPE),
          status: 301,
          cacheable: page.cacheable,
          redirect: page.redirect,
        };
      }
      const html = await renderPage(request, name, page, viewer);
      return { body: toCachedBody(html, HTML_TYPE), status: page.status, cacheable: page.cacheable };
    };
    const send = (page: CachedPage, cacheControl: string) => {
      if (!page.redirect) return sendCached(request, reply, page.body, cacheControl, page.status);
      // The query string travels along (`?edit=1` from the studio's list).
      const search = q < 0 ? "" : request.url.slice(q);
      return reply.code(301).header("cache-control", cacheControl).redirect(`${page.redirect}${search}`, 301);
    };
    if (viewer) return send(await load(), "private, no-cache");
    // A page asked for with a query string is rendered for it, not kept (anyone can invent them).
    const page =
      q < 0
        ? await ctx.cache.getOrLoad<CachedPage>(`page|${pathname}`, load, (p) => p.cacheable)
        : await load();
    return send(page, PAGE_CACHE_CONTROL);
  };

  for (const [name, { path: route }] of Object.entries(pages) as Array<[PageName, { path: string }]>) {
    if (route !== "*") app.get(route, SELF_COMPRESSED, (request, reply) => servePage(request, reply, name));
  }

  // Anything else: a static file of the build's root (favicon), an API 404, or the not-found page.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0]!;
    if (
      (request.method !== "GET" && request.method !== "HEAD") ||
      pathname.startsWith("/api/") ||
      pathname.startsWith("/uploads/") ||
      pathname.startsWith("/assets/")
    ) {
      return reply.status(404).send({ error: { code: ERROR_CODES.notFound, message: "Not found" } });
    }
    const asset = assets.get(pathname);
    if (asset) return sendAsset(request, reply, asset, false);
    return servePage(request, reply, "notFound");
  });
}
