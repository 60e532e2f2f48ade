import { createReadStream } from "node:fs";
import { link, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * The part of the uploads storage an archive needs: list, read, write once, delete. Keys are
 * relative paths such as `blog-images/{timestamp}_{name}`; the public URL is `/uploads/{key}`.
 */
export interface ArchiveStorage {
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  get(key: string): Promise<{ body: Readable } | null>;
  exists(key: string): Promise<boolean>;
  /** Write unless the key exists; true when written. */
  put(key: string, body: Buffer, options: { exclusive: true }): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** DATA_DIR/uploads as an ArchiveStorage. */
export function localUploads(root: string): ArchiveStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const segments = key.split("/");
    if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s)))
      throw new Error(`Not a storage key: ${key}`);
    return path.join(base, ...segments);
  };
  async function* walk(dir: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith(".")) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) yield { key, size: (await stat(path.join(dir, entry.name))).size };
    }
  }
  return {
    list: (prefix = "") =>
      (async function* () {
        for await (const o of walk(base, "")) if (o.key.startsWith(prefix)) yield o;
      })(),
    async get(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { body: createReadStream(fileOf(key)) } : null;
    },
    async exists(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.${process.pid}-${Date.now()}-${Math.random()}.tmp`);
      try {
        await writeFile(temp, body);
        return await link(temp, file).then(
          () => true,
          (e: NodeJS.ErrnoException) => {
            if (e.code === "EEXIST") return false;
            throw e;
          },
        );
      } finally {
        await rm(temp, { force: true });
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
