import path from "node:path";
import type { AuthorKey } from "../../../common/limits";
import { normaliseCreateTag } from "../../../common/rules/hashtags";
import { ArchiveError } from "../format";
import { authorOf } from "./author-map";
import type { ArchiveBuilder } from "./builder";

/**
 * Ghost: its JSON export (Settings → Labs → Export: `{ db: [{ meta, data: { posts, tags,
 * posts_tags, users, posts_authors, … } }] }`) and its content/images folder. Posts (not pages),
 * public tags as hashtags, feature images, and comments when the export holds them (`comments`
 * with `members`, as in a full backup) are carried.
 */

type Row = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const rows = (data: Row, name: string): Row[] => (Array.isArray(data[name]) ? (data[name] as Row[]) : []);
const malformed = (detail: string) => new ArchiveError(`The file is not a valid Ghost export: ${detail}.`);
const date = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === "") return null;
  const d = new Date(typeof v === "number" ? v : text(v).replace(" ", "T"));
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Where an image URL (__GHOST_URL__/content/images/size/w600/2024/05/a.jpg) is in the local folder. */
export function ghostFile(imagesDir: string, url: string): string | null {
  const rest = /\/content\/images\/(?:size\/w\d+(?:h\d+)?\/)?(.+)$/.exec(url.split(/[?#]/)[0]!)?.[1];
  if (!rest) return null;
  const file = path.resolve(imagesDir, decodeURIComponent(rest));
  return file.startsWith(path.resolve(imagesDir) + path.sep) ? file : null;
}

export async function buildFromGhost(
  builder: ArchiveBuilder,
  json: unknown,
  imagesDir: string,
  authors: Map<string, AuthorKey>,
): Promise<void> {
  const db = (json as { db?: unknown })?.db;
  const data = (Array.isArray(db) ? (db[0] as Row | undefined)?.data : undefined) as Row | undefined;
  if (!data || !Array.isArray(data.posts)) throw malformed("it has no db[0].data.posts");
  const users = new Map(rows(data, "users").map((u) => [text(u.id), u]));
  const tags = new Map(rows(data, "tags").map((t) => [text(t.id), t]));
  const postAuthor = new Map<string, string>();
  for (const pa of rows(data, "posts_authors"))
    if (!postAuthor.has(text(pa.post_id)) || pa.sort_order === 0)
      postAuthor.set(text(pa.post_id), text(pa.author_id));
  const postTags = new Map<string, string[]>();
  for (const pt of rows(data, "posts_tags"))
    postTags.set(text(pt.post_id), [...(postTags.get(text(pt.post_id)) ?? []), text(pt.tag_id)]);
  const posts = rows(data, "posts").filter((p) => (p.type ?? (p.page ? "page" : "post")) === "post");
  const emailOf = (p: Row) => text(users.get(postAuthor.get(text(p.id)) ?? text(p.author_id))?.email);
  const everyone = posts.map(emailOf);
  const resolve = (src: string) => ghostFile(imagesDir, src);

  const postIds = new Map<string, string>();
  for (const p of posts) {
    const email = emailOf(p);
    if (!email) throw malformed(`post '${text(p.title)}' has no author with an email`);
    const author = authorOf(authors, email, everyone);
    const when = date(p.published_at) ?? date(p.created_at);
    if (!when) throw malformed(`post '${text(p.title)}' has no date`);
    const rewritten = await builder.rewriteImages(text(p.html), when, resolve);
    const status = text(p.status);
    postIds.set(
      text(p.id),
      await builder.addPost({
        sourceId: text(p.id),
        title: text(p.title),
        content: rewritten.html,
        excerpt: text(p.custom_excerpt),
        author,
        date: when,
        lastUpdated: date(p.updated_at),
        // Internal tags (#name) are Ghost's own switches, not topics.
        hashtags: (postTags.get(text(p.id)) ?? [])
          .map((id) => tags.get(id))
          .filter((t) => t && t.visibility !== "internal" && !text(t.name).startsWith("#"))
          .map((t) => normaliseCreateTag(text(t!.name)))
          .filter(Boolean),
        status: status === "published" ? "published" : status === "scheduled" ? "scheduled" : "draft",
        images: rewritten.images,
        featuredImage: text(p.feature_image) ? resolve(text(p.feature_image)) : null,
      }),
    );
  }

  // Comments come only with a full backup; a member is the commenter.
  const members = new Map(rows(data, "members").map((m) => [text(m.id), m]));
  const comments = rows(data, "comments").filter((c) => text(c.status || "published") === "published");
  const added = new Map<string, { id: string; author: string; rootId: string }>();
  const ordered = [...comments].sort((a, b) => (a.parent_id ? 1 : 0) - (b.parent_id ? 1 : 0));
  for (const c of ordered) {
    const postId = postIds.get(text(c.post_id));
    if (!postId) continue;
    const member = members.get(text(c.member_id));
    const user = builder.user(
      text(member?.email),
      text(member?.name) || "reader",
      `ghost-${text(c.member_id)}`,
    );
    const parent = added.get(text(c.in_reply_to_id)) ?? added.get(text(c.parent_id)) ?? null;
    const id = builder.addComment({
      sourceId: text(c.id),
      postId,
      user,
      content:
        text(c.html)
          .replace(/<[^>]*>/g, "")
          .trim() || "…",
      timestamp: date(c.created_at) ?? new Date(0),
      parent,
    });
    added.set(text(c.id), { id, author: user.author, rootId: parent?.rootId ?? id });
  }
}
