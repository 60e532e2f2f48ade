import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

// Cached HTTP bodies: serialised once, hashed once, compressed at most once per encoding.

export interface CachedBody {
  body: Buffer;
  etag: string;
  type: string;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESS_MIN_BYTES = 1024;

export const JSON_TYPE = "application/json; charset=utf-8";
/** Public data, the same for everyone; revalidated with the ETag on every use. */
export const API_READ_CACHE_CONTROL = "public, no-cache";

export function toCachedBody(payload: string | Buffer, type: string): CachedBody {
  const body = typeof payload === "string" ? Buffer.from(payload) : payload;
  return { body, type, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

/** If-None-Match: a list of tags (weak or strong) or '*'. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  return value.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function compressedFor(entry: CachedBody, accept: string): ["br" | "gzip", Buffer] | null {
  if (entry.body.length < COMPRESS_MIN_BYTES || !/^(text\/|application\/(json|xml|rss))/.test(entry.type)) {
    return null;
  }
  if (/\bbr\b/.test(accept)) {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    });
    return ["br", entry.br];
  }
  if (/\bgzip\b/.test(accept)) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return ["gzip", entry.gzip];
  }
  return null;
}

/**
 * Route options of a route that answers with sendCached (or precompressed files): it compresses
 * itself, once per body, so @fastify/compress adds none of its per-request hooks to it.
 */
export const SELF_COMPRESSED = { compress: false, decompress: false } as const;

/**
 * Send a cached body with its ETag (304 when the client has it) and the precompressed variant the
 * client accepts. Setting content-encoding here makes @fastify/compress leave the body alone.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  cacheControl: string,
  status = 200,
): FastifyReply {
  reply.header("cache-control", cacheControl);
  reply.header("etag", entry.etag);
  reply.header("vary", "accept-encoding");
  if (status === 200 && etagMatches(request.headers["if-none-match"], entry.etag)) {
    return reply.status(304).send();
  }
  reply.status(status).header("content-type", entry.type);
  if (request.method === "HEAD") return reply.send(entry.body);
  const compressed = compressedFor(entry, String(request.headers["accept-encoding"] ?? ""));
  if (compressed) {
    reply.header("content-encoding", compressed[0]);
    return reply.send(compressed[1]);
  }
  return reply.send(entry.body);
}
