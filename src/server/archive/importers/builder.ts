import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { AuthorKey } from "../../../common/limits";
import { thumbnailUrl } from "../../../common/rules/markers";
import type { PostImage } from "../../../common/types";
import { sanitiseFileName } from "../../content/image-store";
import { ArchiveError, type Manifest } from "../format";
import { writeArchive } from "./archive-writer";
import { decodeEntities } from "./entities";
import { rewriteImages, rewriteSources } from "./html-images";

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
  /** The URL of the thumbnail (the featured image) in the export. */
  featuredImage?: string | null;
  /**
   * Why the post was not public at the source (password-protected, private, members only): it
   * arrives as a draft, whatever its status (never public here).
   */
  hidden?: string | null;
  /** Image URLs of the post that the images folder does not hold (reported per post). */
  missingImages?: string[];
}

/** Where an image URL is in the images folder (an ImageFinder of the source's layout). */
export type ResolveImage = (src: string) => Promise<string | null>;

export class ArchiveBuilder {
  readonly warnings: string[] = [];
  /** Posts kept as drafts because they were not public at the source. */
  private readonly hidden: { title: string; reason: string }[] = [];
  private readonly missing = { images: 0, posts: 0 };
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
    if (!info?.isFile()) return null;
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
  rewriteImages(html: string, when: Date, resolve: ResolveImage) {
    return rewriteImages(html, (src) => this.stored(src, when, resolve));
  }

  rewriteSources(html: string, when: Date, resolve: ResolveImage) {
    return rewriteSources(html, (src) => this.stored(src, when, resolve));
  }

  /** An image URL of the export copied into the archive, or null when the folder does not hold it. */
  async stored(src: string, when: Date, resolve: ResolveImage) {
    // An attribute value is HTML: `?w=171&amp;h=128` is the URL `?w=171&h=128`.
    const file = await resolve(decodeEntities(src));
    return file ? this.image(file, when) : null;
  }

  /** Add a post; `resolve` finds its featured image in the images folder. */
  async addPost(post: ImportedPost & { images?: PostImage[] }, resolve?: ResolveImage): Promise<string> {
    const id = this.uuid("post", post.sourceId);
    const title = post.title.trim().slice(0, 200) || "Untitled";
    const images = [...(post.images ?? [])];
    const missing = [...(post.missingImages ?? [])];
    let featured: string | null = null;
    if (post.featuredImage) {
      const stored = resolve ? await this.stored(post.featuredImage, post.date, resolve) : null;
      if (!stored) missing.push(post.featuredImage);
      if (stored) {
        featured = stored.url;
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
    const imageUrl = thumbnailUrl(featured, images);
    const unique = [...new Set(missing)];
    if (unique.length > 0) {
      this.missing.images += unique.length;
      this.missing.posts++;
      this.warnings.push(
        `'${title}': ${unique.length} ${unique.length === 1 ? "image is" : "images are"} not in the images folder and left out: ${unique.join(", ")}`,
      );
    }
    if (post.hidden) this.hidden.push({ title, reason: post.hidden });
    this.posts.push({
      id,
      title,
      content: post.content,
      excerpt: (post.excerpt ?? "").trim().slice(0, 500),
      author: post.author,
      date: post.date.toISOString(),
      imageUrl,
      images: images.slice(0, 30),
      hashtags: post.hashtags,
      likes: 0,
      lastUpdated: post.lastUpdated ? post.lastUpdated.toISOString() : null,
      status: post.hidden ? "draft" : post.status,
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

  /** What the import summary adds about the move (drafts kept private, images left out). */
  summary(): string[] {
    const lines: string[] = [];
    if (this.hidden.length > 0)
      lines.push(
        `  ${this.hidden.length} ${this.hidden.length === 1 ? "post was" : "posts were"} not public at the source and ${this.hidden.length === 1 ? "arrives as a draft" : "arrive as drafts"} (never public here): ${this.hidden.map((h) => `'${h.title}' (${h.reason})`).join(", ")}`,
      );
    if (this.missing.images > 0)
      lines.push(
        `  ${this.missing.images} ${this.missing.images === 1 ? "image was" : "images were"} not in the images folder: left out of ${this.missing.posts} ${this.missing.posts === 1 ? "post" : "posts"} (listed above)`,
      );
    return lines;
  }

  /** Write everything as a Duet archive (format.ts). */
  async write(file: string, site: Manifest["site"]): Promise<void> {
    if (this.posts.length === 0) throw new ArchiveError("The export holds no posts to import.");
    await writeArchive(file, {
      site,
      authors: this.authors,
      tables: [
        ["user", [...this.users.values()]],
        ["blog_posts", this.posts],
        ["comments", this.comments],
        ["post_likes", [...this.likes.values()]],
      ],
      images: [...this.images].map(([local, { key }]) => ({ local, key })),
    });
  }
}
