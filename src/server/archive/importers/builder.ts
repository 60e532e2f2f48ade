import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import sharp from "sharp";
import tar from "tar-stream";
import type { AuthorKey } from "../../../common/limits";
import type { PostImage } from "../../../common/types";
import { sanitiseFileName } from "../../uploads/image-store";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  dataEntry,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
} from "../format";
import { decodeEntities, rewriteImages, rewriteSources } from "./html-images";

/**
 * What every importer from another system builds: rows in Duet's archive shape and the image
 * files they use, written as a Duet archive that `importArchive` then checks, sanitises,
 * re-encodes and imports like any other. Ids are derived from the source's own ids, so importing
 * the same export twice adds nothing the second time.
 */

export interface ImportedPost {
  sourceId: string;
  title: string;
  content: string;
  excerpt?: string;
  author: AuthorKey;
  date: Date;
  lastUpdated?: Date | null;
  hashtags: string[];
  status: "draft" | "scheduled" | "published";
  /** Local image files for the thumbnail (the featured image). */
  featuredImage?: string | null;
}

export class ArchiveBuilder {
  readonly warnings: string[] = [];
  private readonly users = new Map<string, Record<string, unknown>>();
  private readonly posts: Record<string, unknown>[] = [];
  private readonly comments: Record<string, unknown>[] = [];
  private readonly likes = new Map<string, Record<string, unknown>>();
  /** local file → stored key (one copy of an image used twice) */
  private readonly images = new Map<string, { key: string; width: number; height: number }>();

  constructor(
    private readonly source: string,
    private readonly authors: { him: string; her: string },
  ) {}

  /** A uuid derived from the source system and its id (the same export gives the same ids). */
  uuid(kind: string, id: string): string {
    const h = createHash("sha256").update(`${this.source}:${kind}:${id}`).digest("hex");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** The account of this email (created without a password: 'Forgot password' sets one). */
  user(email: string | null | undefined, name: string, fallbackId: string): { id: string; author: string } {
    const clean = (email ?? "").trim().toLowerCase();
    const address = /^[^\s@]+@[^\s@]+$/.test(clean)
      ? clean
      : `${this.uuid("user", fallbackId).slice(0, 13)}@imported.invalid`;
    let row = this.users.get(address);
    if (!row) {
      row = {
        id: `imp_${this.uuid("user", address).replace(/-/g, "").slice(0, 28)}`,
        name: name.trim().slice(0, 80) || address.split("@")[0],
        email: address,
        // The two author addresses are the blog's own: verified, so they keep the admin area.
        emailVerified: address === this.authors.him || address === this.authors.her,
      };
      this.users.set(address, row);
    }
    return { id: String(row.id), author: address.split("@")[0]! };
  }

  /** Copy a local image into the archive; its URL on this blog, or null (with a warning) if missing. */
  async image(file: string, when: Date): Promise<{ url: string; width: number; height: number } | null> {
    const known = this.images.get(file);
    if (known) return { url: `/uploads/${known.key}`, width: known.width, height: known.height };
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      this.warnings.push(`Image not found: ${file}`);
      return null;
    }
    const meta = await sharp(file)
      .metadata()
      .catch(() => null);
    if (!meta?.format || !meta.width || !meta.height) {
      this.warnings.push(`Not an image: ${file}`);
      return null;
    }
    // The stored format decides the extension (decodeImage: jpeg and webp stay, others become png).
    const ext = meta.format === "jpeg" ? "jpg" : meta.format === "webp" ? "webp" : "png";
    const tag = createHash("sha256").update(file).digest("hex").slice(0, 6);
    const key = `blog-images/${when.getTime()}_${tag}${sanitiseFileName(path.basename(file), ext)}`;
    this.images.set(file, { key, width: meta.width, height: meta.height });
    return { url: `/uploads/${key}`, width: meta.width, height: meta.height };
  }

  /** See html-images.ts. */
  rewriteImages(html: string, when: Date, resolve: (src: string) => string | null) {
    return rewriteImages(html, (src) => this.stored(src, when, resolve));
  }

  rewriteSources(html: string, when: Date, resolve: (src: string) => string | null) {
    return rewriteSources(html, (src) => this.stored(src, when, resolve));
  }

  private async stored(src: string, when: Date, resolve: (src: string) => string | null) {
    const file = resolve(decodeEntities(src));
    return file ? this.image(file, when) : null;
  }

  async addPost(post: ImportedPost & { images?: PostImage[] }): Promise<string> {
    const id = this.uuid("post", post.sourceId);
    const images = [...(post.images ?? [])];
    let imageUrl = images[0]?.url ?? null;
    if (post.featuredImage) {
      const stored = await this.image(post.featuredImage, post.date);
      if (stored) {
        imageUrl = stored.url;
        if (!images.some((i) => i.url === stored.url))
          images.unshift({
            id: `feat${id.slice(0, 8)}`,
            url: stored.url,
            position: "center",
            size: "large",
            pairedWith: null,
            width: stored.width,
            height: stored.height,
          });
      }
    }
    this.posts.push({
      id,
      title: post.title.trim().slice(0, 200) || "Untitled",
      content: post.content,
      excerpt: (post.excerpt ?? "").trim().slice(0, 500),
      author: post.author,
      date: post.date.toISOString(),
      imageUrl,
      images: images.slice(0, 30),
      hashtags: post.hashtags,
      likes: 0,
      lastUpdated: post.lastUpdated ? post.lastUpdated.toISOString() : null,
      status: post.status,
    });
    return id;
  }

  addComment(c: {
    sourceId: string;
    postId: string;
    user: { id: string; author: string };
    content: string;
    timestamp: Date;
    parent?: { id: string; author: string; rootId: string } | null;
  }): string {
    const id = this.uuid("comment", c.sourceId);
    this.comments.push({
      id,
      postId: c.postId,
      userId: c.user.id,
      author: c.user.author,
      content: c.content.slice(0, 2000),
      timestamp: c.timestamp.toISOString(),
      ...(c.parent
        ? { parentId: c.parent.rootId, replyToId: c.parent.id, replyToAuthor: c.parent.author }
        : {}),
    });
    return id;
  }

  addLike(postId: string, userId: string, timestamp: Date): void {
    this.likes.set(`${postId}:${userId}`, { postId, userId, timestamp: timestamp.toISOString() });
  }

  get postCount(): number {
    return this.posts.length;
  }

  /** Write everything as a Duet archive (format.ts). */
  async write(file: string, site: Manifest["site"]): Promise<void> {
    if (this.posts.length === 0) throw new ArchiveError("The export holds no posts to import.");
    const pack = tar.pack();
    const done = pipeline(pack, createGzip(), createWriteStream(file));
    // Awaited at the end; a failure meanwhile (no such folder) must not go unhandled.
    done.catch(() => {});
    const entries: Manifest["entries"] = {};
    const add = (name: string, data: Buffer) => {
      entries[name] = { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
      pack.entry({ name, size: data.length }, data);
    };
    add(HEADER_ENTRY, Buffer.from(JSON.stringify({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION })));
    const tables: [string, Record<string, unknown>[]][] = [
      ["user", [...this.users.values()]],
      ["blog_posts", this.posts],
      ["comments", this.comments],
      ["post_likes", [...this.likes.values()]],
    ];
    const rows: Record<string, number> = {};
    for (const [table, list] of tables) {
      rows[table] = list.length;
      for (let i = 0; i < list.length; i += 500)
        add(
          dataEntry(table, i / 500 + 1),
          Buffer.from(
            list
              .slice(i, i + 500)
              .map((r) => `${JSON.stringify(r)}\n`)
              .join(""),
          ),
        );
    }
    for (const [local, { key }] of this.images) add(`uploads/${key}`, await readFile(local));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      site,
      authors: this.authors,
      withSecrets: false,
      counts: { rows, images: this.images.size, variants: 0 },
      entries,
    };
    const body = Buffer.from(JSON.stringify(manifest));
    pack.entry({ name: MANIFEST_ENTRY, size: body.length }, body);
    pack.finalize();
    await done;
  }
}
