import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { archiveExport, archiveImport } from "../../common/api";
import { ERROR_CODES } from "../../common/error-codes";
import { ARCHIVE_UPLOAD_MAX_BYTES } from "../../common/limits";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { AppError, badRequest, conflict, payloadTooLarge, unsupportedMedia } from "../errors";
import { measureExport, writeArchive } from "./export";
import { ArchiveError } from "./format";
import { BLOG_NOT_EMPTY, blogHasPosts, importArchive } from "./import";

/** Sent with the download so the browser can draw a progress bar (the gzip size is not known ahead). */
export const ESTIMATE_HEADER = "x-archive-estimated-bytes";

export async function registerArchiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * GET /api/admin/export: the exporting author's own blog as one Duet archive, streamed (never the
   * other author's rows, password hashes or link tokens: export-scope.ts). The operator's
   * `npm run export` takes the whole blog.
   */
  route(app, archiveExport, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const scope = { author: viewer.authorKey, userId: viewer.id };
    const measured = await measureExport(ctx.db, ctx.storage, false, scope);
    const stamp = ctx.now().toISOString().slice(0, 10);
    const output = new PassThrough();
    writeArchive({
      db: ctx.db,
      storage: ctx.storage,
      site: { name: ctx.config.siteName, publicUrl: ctx.config.publicUrl },
      authors: ctx.config.authorEmails,
      withSecrets: false,
      scope,
      output,
      now: ctx.now,
    }).catch((error: unknown) => {
      // Headers are gone: cutting the stream short is how a download says it failed.
      request.log.error({ err: error }, "export failed");
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    reply.header("content-type", "application/gzip");
    reply.header("content-disposition", `attachment; filename="duet-export-${stamp}.tar.gz"`);
    reply.header("cache-control", "no-store");
    // Images barely compress; rows are small next to them.
    reply.header(ESTIMATE_HEADER, String(measured.imageBytes + measured.totalRows * 600 + 4096));
    return reply.send(output);
  });

  let importing = false;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ARCHIVE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });

    /** POST /api/admin/import: one archive into a blog that has no posts yet. */
    route(
      scope,
      archiveImport,
      // The multipart body is the handler's to stream (no JSON schema); who: authors is checked.
      {},
      async (request, reply) => {
        const viewer = authorCaller(request);
        if (!request.isMultipart()) throw unsupportedMedia("Send the archive as multipart/form-data.");
        if (await blogHasPosts(ctx.db)) throw new AppError(409, ERROR_CODES.blogNotEmpty, BLOG_NOT_EMPTY);
        if (importing) throw conflict("An import is already running.");
        importing = true;
        const file = path.join(ctx.config.dataDir, `.import-upload-${randomUUID()}.tar.gz`);
        try {
          try {
            const part = await request.file();
            if (!part) throw badRequest("Choose an archive to import.");
            await pipeline(part.file, createWriteStream(file));
          } catch (error) {
            if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
              throw payloadTooLarge("That archive is too large for the browser; use npm run import.");
            if (error instanceof AppError) throw error;
            throw badRequest("The upload is not a valid multipart form.");
          }
          // The rows and their event in the import's one transaction (the caches drop after it).
          const report = await ctx.events
            .around((record) =>
              importArchive({
                db: ctx.db,
                inTransaction: (tx) => record(tx, "contentChanged", {}),
                storage: ctx.storage,
                file,
                stagingDir: `${file}.staging`,
                requireEmpty: true,
                // Unpacking and image checks in a child process with a memory bound (inspect-child.ts).
                isolate: true,
                // The studio's button takes only this author's blog and grants nothing (admission.ts).
                scope: { author: viewer.authorKey, email: viewer.email },
                authorEmails: ctx.config.authorEmails,
              }),
            )
            .catch((error: unknown) => {
              if (error instanceof ArchiveError)
                throw error.message === BLOG_NOT_EMPTY
                  ? new AppError(409, ERROR_CODES.blogNotEmpty, error.message)
                  : new AppError(400, ERROR_CODES.invalidArchive, error.message);
              throw error;
            });
          return reply.send(report);
        } finally {
          importing = false;
          await rm(file, { force: true });
        }
      },
    );
  });
}
