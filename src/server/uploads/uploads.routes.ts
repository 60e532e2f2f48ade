import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { uploads } from "../../common/api";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "../../common/limits";
import { route } from "../api/route";
import { type DecodedImage, decodeImage, storeImages } from "../content/image-store";
import type { AppContext } from "../context";
import { AppError, badRequest, payloadTooLarge, unsupportedMedia } from "../errors";

export async function registerUploadsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Encapsulated: multipart bodies are accepted by this route only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        files: UPLOAD_MAX_FILES,
        fields: 10,
        parts: UPLOAD_MAX_FILES + 10,
      },
      throwFileSizeLimit: true,
    });

    /** POST /api/uploads: one or more images (admins) → `{ files: [{ id, url, width, height }] }`. */
    // The multipart body is the handler's to stream (no JSON schema); who: authors is checked.
    route(scope, uploads, {}, async (request, reply) => {
      if (!request.isMultipart()) throw unsupportedMedia("Send the images as multipart/form-data.");
      // Every file is decoded before anything is written: one bad file refuses the whole request.
      const decoded: DecodedImage[] = [];
      try {
        for await (const part of request.files()) {
          decoded.push(await decodeImage(part.filename || "image", await part.toBuffer()));
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE")
          throw payloadTooLarge("That image is too large (10 MB at most).");
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
          throw payloadTooLarge(`Upload at most ${UPLOAD_MAX_FILES} images at once.`);
        if (error instanceof AppError) throw error;
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) throw error;
        // A body busboy cannot read (cut off, no boundary…) is the client's mistake, not ours.
        throw badRequest("The upload is not a valid multipart form.");
      }
      if (decoded.length === 0) throw badRequest("Choose at least one image to upload.");
      const files = await storeImages(ctx.storage, decoded, ctx.now);
      return reply.status(201).send({ files });
    });
  });
}
