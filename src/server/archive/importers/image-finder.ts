import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Where an image URL of an export is in the `--images` folder. Images are never
 * downloaded; a URL on any host (the old site, a CDN such as files.wordpress.com or
 * static.ghost.org, Firebase Storage) is matched by its path and file name:
 *  1. the source's own layout (WordPress `…/wp-content/uploads/2024/05/a.jpg` → `2024/05/a.jpg`,
 *     Ghost `…/content/images/size/w600/2024/05/a.jpg` → `2024/05/a.jpg`);
 *  2. the URL path's endings, longest first (`2008/06/a.jpg`, then `06/a.jpg`, then `a.jpg`);
 *  3. the file name anywhere in the folder (the one whose folders end like the URL's, when
 *     several files share the name).
 * Each step tries the source's name variants in order (WordPress: the original before a resized
 * copy). Nothing outside the folder is ever read.
 */
export interface ImageLayout {
  /** Paths relative to the images folder where this source keeps the file of a URL path. */
  layout?: (urlPath: string) => string[];
  /** Names to try for a file name, best first (default: the name itself). */
  variants?: (name: string) => string[];
}

/** The decoded path of a URL (any host, or a bare path; Firebase's `/o/a%2Fb.jpg` → `/o/a/b.jpg`). */
export function urlPath(url: string): string | null {
  try {
    const pathname = new URL(url.trim(), "http://local/").pathname;
    return pathname
      .split("/")
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s; // a stray '%' is part of the name
        }
      })
      .join("/");
  } catch {
    return null;
  }
}

const SUFFIX_DEPTH = 6;

export class ImageFinder {
  private readonly root: string;
  private index: Promise<Map<string, string[]>> | null = null;

  constructor(
    imagesDir: string,
    private readonly options: ImageLayout = {},
  ) {
    this.root = path.resolve(imagesDir);
  }

  /** The local file of an image URL, or null when the folder does not hold it. */
  async find(url: string): Promise<string | null> {
    const full = urlPath(url);
    if (!full) return null;
    const segments = full.split("/").filter((s) => s && s !== "." && s !== "..");
    const name = segments.at(-1);
    if (!name) return null;
    const variants = this.options.variants?.(name) ?? [name];
    const dir = segments.slice(0, -1);
    const candidates = [
      ...(this.options.layout?.(full) ?? []),
      ...dir
        .slice(-SUFFIX_DEPTH)
        .map((_, i, tail) => tail.slice(i).join("/"))
        .concat("")
        .flatMap((folder) => variants.map((v) => (folder ? `${folder}/${v}` : v))),
    ];
    for (const candidate of candidates) {
      const file = this.inside(candidate);
      if (file && (await stat(file).catch(() => null))?.isFile()) return file;
    }
    const index = await this.indexed();
    for (const variant of variants) {
      const found = index.get(variant);
      if (found?.length) return this.closest(found, dir);
    }
    return null;
  }

  private inside(relative: string): string | null {
    const file = path.resolve(this.root, relative);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  /** Of several files with one name, the one whose folders share the most endings with the URL's. */
  private closest(files: string[], urlDirs: string[]): string {
    const score = (file: string) => {
      const dirs = path.relative(this.root, file).split(path.sep).slice(0, -1);
      let n = 0;
      while (n < dirs.length && n < urlDirs.length && dirs.at(-1 - n) === urlDirs.at(-1 - n)) n++;
      return n;
    };
    return [...files].sort((a, b) => score(b) - score(a) || a.localeCompare(b))[0]!;
  }

  /** Every file of the folder by name, walked once (symbolic links are not followed). */
  private indexed(): Promise<Map<string, string[]>> {
    this.index ??= (async () => {
      const byName = new Map<string, string[]>();
      const walk = async (dir: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(file);
          else if (entry.isFile()) byName.set(entry.name, [...(byName.get(entry.name) ?? []), file]);
        }
      };
      await walk(this.root);
      return byName;
    })();
    return this.index;
  }
}
