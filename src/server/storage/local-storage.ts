import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, link, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PutOptions, Storage, StoredObject } from "./object";

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** Uploads as plain files under `root` (DATA_DIR/uploads): the default, nothing to set up. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The file a key names; keys are plain segments, so nothing outside `root` can be named. */
  const fileOf = (key: string): string => {
    const segments = key.split("/");
    if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s)))
      throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return path.join(base, ...segments);
  };

  const infoOf = (key: string, size: number, mtimeMs: number): StoredObject => ({
    key,
    size,
    lastModified: new Date(Math.floor(mtimeMs)),
    etag: `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
  });

  const statOf = async (key: string) => {
    const info = await stat(fileOf(key)).catch(() => null);
    return info?.isFile() ? infoOf(key, info.size, info.mtimeMs) : null;
  };

  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      // Dot names are files being written (see put).
      if (entry.name.startsWith(".")) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) {
        const info = await statOf(key);
        if (info) yield info;
      }
    }
  }

  return {
    kind: "local",
    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a hidden temporary name, then linked or renamed into place: a reader never
      // sees half a file, and `exclusive` never overwrites (link fails when the name exists).
      const temp = path.join(path.dirname(file), `.${randomUUID()}.tmp`);
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        if (!options.exclusive) {
          await rename(temp, file);
          return true;
        }
        const linked = await link(temp, file).then(
          () => true,
          (e: NodeJS.ErrnoException) => {
            if (e.code === "EEXIST") return false;
            throw e;
          },
        );
        return linked;
      } finally {
        await rm(temp, { force: true });
      }
    },
    async get(key: string) {
      const info = await statOf(key);
      return info ? { info, body: createReadStream(fileOf(key)) } : null;
    },
    stat: statOf,
    async exists(key: string) {
      return (await statOf(key)) !== null;
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
    list(prefix = "") {
      // Walk from the deepest whole folder the prefix names, then filter by the full prefix.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = folder ? fileOf(folder) : base;
      const all = walk(start, folder);
      return (async function* () {
        for await (const info of all) if (info.key.startsWith(prefix)) yield info;
      })();
    },
    async check() {
      await mkdir(base, { recursive: true });
      await access(base, constants.R_OK | constants.W_OK);
    },
    close() {},
  };
}
