import { AUTHORS, type AuthorKey } from "../../../common/limits";
import { normaliseCreateTag } from "../../../common/rules/hashtags";
import type { PostImage } from "../../../common/types";
import { ArchiveError } from "../format";
import type { ArchiveBuilder } from "./builder";
import { ImageFinder } from "./image-finder";

/**
 * The original app (SPEC §3, §7): a JSON export of its collections `blogPosts`, `comments` and
 * `postLikes` (and `users` when present). A collection is a list of documents with an `id`, or an
 * object keyed by document id. Timestamps are Firestore's `{seconds, nanoseconds}` (also
 * `_seconds`), ISO strings or milliseconds. Images are looked up in a local folder by the path
 * and file name of their URL (`…/o/blog-images%2F123_a.jpg?alt=media` → blog-images/123_a.jpg,
 * then 123_a.jpg anywhere in it).
 */

type Doc = Record<string, unknown> & { id: string };

function collection(data: Record<string, unknown>, name: string): Doc[] {
  const value = data[name];
  if (value === undefined) return [];
  if (Array.isArray(value))
    return value.map((d, i) => {
      if (typeof d !== "object" || d === null) throw malformed(`${name}[${i}] is not a document`);
      const doc = d as Record<string, unknown>;
      return { ...doc, id: String(doc.id ?? doc.uid ?? `${name}-${i}`) };
    });
  if (typeof value === "object" && value !== null)
    return Object.entries(value).map(([id, d]) => ({ ...(d as Record<string, unknown>), id }));
  throw malformed(`${name} is neither a list nor an object of documents`);
}

const malformed = (detail: string) =>
  new ArchiveError(`The export is not a valid export of the original app: ${detail}.`);

export function timestamp(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    const seconds = v.seconds ?? v._seconds;
    const nanos = v.nanoseconds ?? v._nanoseconds ?? 0;
    if (typeof seconds === "number" && typeof nanos === "number")
      return new Date(seconds * 1000 + Math.floor(nanos / 1e6));
  }
  return null;
}

export async function buildFromOriginal(
  builder: ArchiveBuilder,
  json: unknown,
  imagesDir: string,
): Promise<void> {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw malformed("it is not a JSON object");
  const data = json as Record<string, unknown>;
  const posts = collection(data, "blogPosts");
  if (posts.length === 0) throw malformed("it has no blogPosts collection");
  const users = new Map(collection(data, "users").map((u) => [String(u.uid ?? u.id), u]));
  const finder = new ImageFinder(imagesDir);
  const resolve = (url: string) => finder.find(url);
  const userOf = (uid: string, fallbackName: string) => {
    const u = users.get(uid);
    return builder.user(
      typeof u?.email === "string" ? u.email : null,
      String(u?.displayName ?? fallbackName),
      uid,
    );
  };

  const postIds = new Map<string, string>();
  for (const doc of posts) {
    const author = doc.author;
    if (typeof author !== "string" || !AUTHORS.includes(author as AuthorKey))
      throw malformed(`post ${doc.id} has author ${JSON.stringify(author)} (only 'him' and 'her')`);
    if (typeof doc.title !== "string" || typeof doc.content !== "string")
      throw malformed(`post ${doc.id} has no title or content`);
    const date = timestamp(doc.date) ?? timestamp(doc.createdAt);
    if (!date) throw malformed(`post ${doc.id} has no valid date`);
    const content = await builder.rewriteSources(doc.content, date, resolve);
    const missing = [...content.missing];
    // SPEC §3 image entries keep their position, size and pairing; their url becomes ours.
    const entries: PostImage[] = [];
    const byOldId = new Map<string, string>();
    for (const entry of Array.isArray(doc.images) ? (doc.images as Record<string, unknown>[]) : []) {
      const stored = typeof entry.url === "string" ? await builder.stored(entry.url, date, resolve) : null;
      if (!stored) {
        if (typeof entry.url === "string") missing.push(entry.url);
        continue;
      }
      const id =
        String(entry.id ?? `i${entries.length}`)
          .replace(/[^A-Za-z0-9_-]/g, "")
          .slice(0, 64) || `i${entries.length}`;
      byOldId.set(String(entry.id), id);
      entries.push({
        id,
        url: stored.url,
        position:
          (["left", "center", "right", "full"] as const).find((p) => p === entry.position) ?? "center",
        size: (["small", "medium", "large"] as const).find((s) => s === entry.size) ?? "medium",
        pairedWith: typeof entry.pairedWith === "string" ? entry.pairedWith : null,
        width: stored.width,
        height: stored.height,
      });
    }
    // Pairs survive only when both images came along and point at each other.
    for (const e of entries) {
      const partner = e.pairedWith
        ? entries.find((o) => byOldId.get(e.pairedWith!) === o.id || o.id === e.pairedWith)
        : null;
      e.pairedWith = partner && partner.id !== e.id ? partner.id : null;
    }
    for (const e of entries)
      if (e.pairedWith && entries.find((o) => o.id === e.pairedWith)?.pairedWith !== e.id)
        e.pairedWith = null;
    const id = await builder.addPost(
      {
        sourceId: doc.id,
        title: doc.title,
        content: content.html,
        excerpt: typeof doc.excerpt === "string" ? doc.excerpt : "",
        author: author as AuthorKey,
        date,
        lastUpdated: timestamp(doc.lastUpdated),
        hashtags: (Array.isArray(doc.hashtags) ? doc.hashtags : [])
          .map((t) => normaliseCreateTag(String(t)))
          .filter(Boolean),
        status: "published",
        images: entries,
        missingImages: missing,
        featuredImage: typeof doc.imageUrl === "string" && doc.imageUrl ? doc.imageUrl : null,
      },
      resolve,
    );
    postIds.set(doc.id, id);
  }

  for (const c of collection(data, "comments")) {
    const postId = postIds.get(String(c.postId));
    if (!postId) {
      builder.warnings.push(`Comment ${c.id} is on a post that is not in the export: left out.`);
      continue;
    }
    if (typeof c.content !== "string" || typeof c.userId !== "string")
      throw malformed(`comment ${c.id} has no content or userId`);
    builder.addComment({
      sourceId: c.id,
      postId,
      user: userOf(c.userId, String(c.author ?? "reader")),
      content: c.content,
      timestamp: timestamp(c.timestamp) ?? new Date(0),
    });
  }
  for (const like of collection(data, "postLikes")) {
    const postId = postIds.get(String(like.postId));
    if (!postId || typeof like.userId !== "string") continue;
    builder.addLike(postId, userOf(like.userId, "reader").id, timestamp(like.timestamp) ?? new Date(0));
  }
}
