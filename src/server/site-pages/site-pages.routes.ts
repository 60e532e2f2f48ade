import type { FastifyInstance } from "fastify";
import { pageCreate, pageDelete, pageRead, pagesList, pageUpdate } from "../../common/api";
import { canEditSiteSettings } from "../../common/policies";
import { PAGE_MESSAGES } from "../../common/schemas/site-page";
import { isBuiltInPage, PAGES_MAX_COUNT, RESERVED_PAGE_SLUGS } from "../../common/site-pages";
import type { PostImage } from "../../common/types";
import { caller, route } from "../api/route";
import { resetLiveDocument } from "../collab/collab.reads";
import { withStoredSizes } from "../content/image-sizes";
import { addSrcset } from "../content/image-store";
import { sanitizePostHtml } from "../content/sanitize";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { conflict, invalid, notFound } from "../errors";
import { getViewer } from "../plugins/viewer";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { allPages, detailOf, readPublicPage, templateOf } from "./site-pages.reads";
import {
  countPages,
  deletePageRow,
  findPageRow,
  insertPageRow,
  type PageFields,
  updatePageRow,
} from "./site-pages.repository";

const pageNotFound = () => notFound("page", "Page not found");

async function cleanContent(ctx: AppContext, content: string): Promise<string> {
  const clean = sanitizePostHtml(content);
  // Content that was nothing but removed markup is no content.
  if (clean.replace(/<(?!img\b)[^>]*>/g, "").trim() === "") throw invalid("Content is required");
  return addSrcset(clean, ctx.storage);
}

function checkImages(images: PostImage[]): void {
  if (new Set(images.map((i) => i.id)).size !== images.length)
    throw invalid("Each image must have its own id.");
}

function checkNewSlug(slug: string): void {
  if (RESERVED_PAGE_SLUGS.has(slug)) throw invalid(PAGE_MESSAGES.reserved);
  if (isBuiltInPage(slug)) throw conflict(PAGE_MESSAGES.taken);
}

export async function registerPagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Every write here changes what readers see: the write and its event in one transaction (the
  // caches drop on every process).
  const changed = <T>(write: (tx: Db) => Promise<T>) => ctx.events.write("contentChanged", {}, write);
  /** GET /api/pages: every page with its state, for the studio (the two authors). */
  route(app, pagesList, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return allPages(ctx);
  });

  /** GET /api/pages/:slug: a published page for everyone; the authors also get drafts and details. */
  route(app, pageRead, {}, async (request, reply) => {
    const { slug } = request.params;
    const viewer = await getViewer(ctx, request);
    reply.header("vary", "cookie");
    if (canEditSiteSettings(viewer)) {
      reply.header("cache-control", "private, no-store");
      const row = await findPageRow(ctx.db, slug);
      if (row) return detailOf(row);
      if (isBuiltInPage(slug)) return templateOf(slug, (await cachedPublicSiteSettings(ctx)).siteName);
      throw pageNotFound();
    }
    const page = await readPublicPage(ctx, slug);
    if (!page) throw pageNotFound();
    reply.header("cache-control", viewer ? "private, no-cache" : "public, no-cache");
    return page;
  });

  /** POST /api/pages: a new page (the two authors). */
  route(app, pageCreate, {}, async (request, reply) => {
    const viewer = caller(request);
    const input = request.body;
    checkNewSlug(input.slug);
    checkImages(input.images);
    if ((await countPages(ctx.db)) >= PAGES_MAX_COUNT) throw conflict(PAGE_MESSAGES.tooMany);
    const content = await cleanContent(ctx, input.content);
    const images = await withStoredSizes(ctx.storage, input.images);
    const row = await changed((tx) =>
      insertPageRow(tx, { ...input, content, images, updatedBy: viewer.id, updatedAt: ctx.now() }, ctx.now()),
    );
    if (!row) throw conflict(PAGE_MESSAGES.taken);
    return reply.status(201).send(detailOf(row));
  });

  /** PUT /api/pages/:slug: change a page; the built-in ones are stored at their first save. */
  route(app, pageUpdate, {}, async (request) => {
    const viewer = caller(request);
    const { slug } = request.params;
    const input = request.body;
    const existing = await findPageRow(ctx.db, slug);
    if (!existing && !isBuiltInPage(slug)) throw pageNotFound();
    if (isBuiltInPage(slug)) {
      if ((input.slug !== undefined && input.slug !== slug) || input.published === false)
        throw invalid(PAGE_MESSAGES.builtIn);
    } else if (input.slug !== undefined && input.slug !== slug) {
      checkNewSlug(input.slug);
      if (await findPageRow(ctx.db, input.slug)) throw conflict(PAGE_MESSAGES.taken);
    }
    if (input.images) checkImages(input.images);
    const fields: Partial<PageFields> = {
      ...input,
      ...(input.content !== undefined ? { content: await cleanContent(ctx, input.content) } : {}),
      ...(input.images ? { images: await withStoredSizes(ctx.storage, input.images) } : {}),
      updatedBy: viewer.id,
      updatedAt: ctx.now(),
    };
    if (existing) {
      const row = await ctx.events
        .transaction(async (tx, record) => {
          const saved = await updatePageRow(tx, existing.id, fields);
          if (saved) await record("contentChanged", {});
          // A save from outside the co-editing session resets it (decision 0048).
          if (saved) await resetLiveDocument(tx, record, "pages", existing.id, request);
          return saved;
        })
        .catch((error: unknown) => {
          // Two authors renaming two pages to one address at once: the unique index decides.
          if (String((error as { cause?: unknown })?.cause ?? error).includes("unique"))
            throw conflict(PAGE_MESSAGES.taken);
          throw error;
        });
      if (!row) throw pageNotFound();
      return detailOf(row);
    }
    // A built-in page's first save: its template fills what was not sent.
    const template = templateOf(slug as "privacy" | "terms", (await cachedPublicSiteSettings(ctx)).siteName);
    const row = await changed((tx) =>
      insertPageRow(
        tx,
        {
          slug,
          title: fields.title ?? template.title,
          content: fields.content ?? template.content,
          images: fields.images ?? [],
          published: true,
          placement: "footer",
          position: fields.position ?? 0,
          updatedBy: viewer.id,
          updatedAt: ctx.now(),
        },
        ctx.now(),
      ),
    );
    if (!row) throw conflict(PAGE_MESSAGES.taken);
    return detailOf(row);
  });

  /** DELETE /api/pages/:slug: a page goes; a built-in one goes back to its template. */
  route(app, pageDelete, {}, async (request, reply) => {
    const { slug } = request.params;
    const existing = await findPageRow(ctx.db, slug);
    if (!existing) {
      if (isBuiltInPage(slug)) return reply.status(204).send();
      throw pageNotFound();
    }
    await ctx.events.transaction(async (tx, record) => {
      await deletePageRow(tx, existing.id);
      await record("contentChanged", {});
      await resetLiveDocument(tx, record, "pages", existing.id, "always");
    });
    return reply.status(204).send();
  });
}
