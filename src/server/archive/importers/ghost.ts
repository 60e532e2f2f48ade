import { normaliseCreateTag } from "../../../common/rules/hashtags";
import { ArchiveError } from "../format";
import { type AuthorChoice, assignAuthors } from "./author-map";
import type { ArchiveBuilder } from "./builder";
import { htmlToText } from "./entities";
import { ImageFinder } from "./image-finder";

/**
 * Ghost: its JSON export (Settings → Labs → Export: `{ db: [{ meta, data: { posts, tags,
 * posts_tags, users, posts_authors, … } }] }`) and its content/images folder. Posts (not pages),
 * public tags as hashtags, feature images, and comments when the export holds them (`comments`
 * with `members`, as in a full backup) are carried. Titles, excerpts and tag names are plain text
 * in Ghost (nothing to decode); comments are HTML.
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

/** The content/images folder's layout: …/content/images/size/w600/2024/05/a.jpg is 2024/05/a.jpg there. */
export const ghostImages = (imagesDir: string) =>
  new ImageFinder(imagesDir, {
    layout: (urlPath) => {
      const rest = /\/content\/images\/(?:size\/w\d+(?:h\d+)?\/)?(?:format\/\w+\/)?(.+)$/.exec(urlPath)?.[1];
      return rest ? [rest] : [];
    },
  });

/**
 * Why a post was not public in Ghost (it then arrives as a draft), or null: members-only, paid
 * and tier posts, and newsletters sent by email only (status 'sent').
 */
function notPublic(p: Row): string | null {
  if (text(p.status) === "sent") return "sent by email only";
  const visibility = text(p.visibility) || "public";
  if (visibility === "public") return null;
  if (visibility === "paid") return "paid members only";
  if (visibility === "tiers") return "members of some tiers only";
  return "members only";
}

export async function buildFromGhost(
  builder: ArchiveBuilder,
  json: unknown,
  imagesDir: string,
  authors: AuthorChoice,
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
  const postAuthors = assignAuthors(
    posts.map((p) => {
      const u = users.get(postAuthor.get(text(p.id)) ?? text(p.author_id));
      const names = u ? [text(u.email), text(u.name), text(u.slug)].filter(Boolean) : [];
      return { title: text(p.title), names, label: names[0] ?? "" };
    }),
    authors,
    builder.warnings,
  );
  const finder = ghostImages(imagesDir);
  const resolve = (src: string) => finder.find(src);

  const postIds = new Map<string, string>();
  for (const [index, p] of posts.entries()) {
    const author = postAuthors[index]!;
    const when = date(p.published_at) ?? date(p.created_at);
    if (!when) throw malformed(`post '${text(p.title)}' has no date`);
    const rewritten = await builder.rewriteImages(text(p.html), when, resolve);
    const status = text(p.status);
    postIds.set(
      text(p.id),
      await builder.addPost(
        {
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
          hidden: notPublic(p),
          images: rewritten.images,
          missingImages: rewritten.missing,
          featuredImage: text(p.feature_image) || null,
        },
        resolve,
      ),
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
      // Comments are text in Duet: Ghost's comment HTML, tags removed, entities decoded once.
      content: htmlToText(text(c.html)) || "…",
      timestamp: date(c.created_at) ?? new Date(0),
      parent,
    });
    added.set(text(c.id), { id, author: user.author, rootId: parent?.rootId ?? id });
  }
}
