import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

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
  ".woff": "font/woff",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

/** Whether a built file is sent compressed (text of some size). */
export function isCompressible(file: string, size: number): boolean {
  const type = TYPES[path.extname(file)] ?? "";
  return /^(text|application\/(json|manifest)|image\/svg)/.test(type) && size > 1024;
}

/** The compressed copy written by the build (scripts/build-client.ts), else made now. */
function compressed(full: string, raw: Buffer, ext: ".br" | ".gz"): Buffer {
  const prebuilt = `${full}${ext}`;
  if (existsSync(prebuilt)) return readFileSync(prebuilt);
  return ext === ".br" ? brotliCompressSync(raw) : gzipSync(raw, { level: 9 });
}

/** Every built file, read once at start (not the template, manifest, renderer or compressed copies). */
export function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const rel = `/${path.relative(dir, full).split(path.sep).join("/")}`;
        if (rel === "/index.html" || rel.startsWith("/.vite/") || rel.startsWith("/.ssr/")) continue;
        if (name.endsWith(".br") || name.endsWith(".gz")) continue;
        const raw = readFileSync(full);
        const type = TYPES[path.extname(name)] ?? "application/octet-stream";
        const compressible = isCompressible(name, raw.length);
        assets.set(rel, {
          type,
          raw,
          br: compressible ? compressed(full, raw, ".br") : null,
          gzip: compressible ? compressed(full, raw, ".gz") : null,
          etag: `"${raw.length.toString(16)}-${statSync(full).mtimeMs.toString(16)}"`,
        });
      }
    }
  };
  walk(dir);
  return assets;
}

export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, immutable: boolean) {
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
