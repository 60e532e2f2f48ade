import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { AuthorKey } from "../../../common/limits";
import { normaliseCreateTag } from "../../../common/rules/hashtags";
import { ArchiveError } from "../format";
import { authorOf } from "./author-map";
import type { ArchiveBuilder } from "./builder";

/**
 * WordPress: a WXR export (Tools → Export, an RSS file with the `wp:` namespace) and the
 * wp-content/uploads folder. Posts (not pages), their tags as hashtags, approved comments with
 * their replies, and featured images (`_thumbnail_id` → attachment) are carried.
 */

type Node = Record<string, unknown>;
const LISTS = new Set(["item", "category", "wp:author", "wp:comment", "wp:postmeta"]);
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);
const malformed = (detail: string) =>
  new ArchiveError(`The file is not a valid WordPress export (WXR): ${detail}.`);

/** WordPress stores dates as 'YYYY-MM-DD HH:MM:SS' in UTC (the *_gmt fields). */
const gmt = (v: unknown): Date | null => {
  const s = text(v);
  if (!s || s.startsWith("0000")) return null;
  const d = new Date(`${s.replace(" ", "T")}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Where an uploads URL (…/wp-content/uploads/2024/05/a-1024x768.jpg) is in the local folder. */
export function wordpressFile(uploadsDir: string, url: string): string | null {
  const rest = /\/wp-content\/uploads\/(.+)$/.exec(url.split(/[?#]/)[0]!)?.[1];
  if (!rest) return null;
  // The original, not a resized copy: photo-1024x768.jpg → photo.jpg.
  const original = decodeURIComponent(rest).replace(/-\d+x\d+(\.[A-Za-z0-9]+)$/, "$1");
  const file = path.resolve(uploadsDir, original);
  return file.startsWith(path.resolve(uploadsDir) + path.sep) ? file : null;
}

/** WordPress content without block markup is paragraphs separated by blank lines (wpautop). */
const autop = (html: string) =>
  /<(p|div|h[1-6]|ul|ol|blockquote)\b/i.test(html)
    ? html
    : html
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `<p>${p.replace(/\n/g, "<br>")}</p>`)
        .join("");

export async function buildFromWordPress(
  builder: ArchiveBuilder,
  xml: string,
  uploadsDir: string,
  authors: Map<string, AuthorKey>,
): Promise<void> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw malformed(`${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (n) => LISTS.has(n),
  });
  const channel = (parser.parse(xml) as Node).rss as Node | undefined;
  const root = channel?.channel as Node | undefined;
  if (!root) throw malformed("it has no rss/channel");
  const logins = new Map(
    list(root["wp:author"]).map((a) => [text(a["wp:author_login"]), text(a["wp:author_email"])]),
  );
  const items = list(root.item);
  const attachments = new Map(
    items
      .filter((i) => text(i["wp:post_type"]) === "attachment")
      .map((i) => [text(i["wp:post_id"]), text(i["wp:attachment_url"])]),
  );
  const posts = items.filter((i) => text(i["wp:post_type"]) === "post");
  const writerEmails = posts.map((p) => logins.get(text(p["dc:creator"])) ?? text(p["dc:creator"]));
  const resolve = (src: string) => wordpressFile(uploadsDir, src);

  for (const item of posts) {
    const sourceId = text(item["wp:post_id"]);
    const login = text(item["dc:creator"]);
    const author = authorOf(authors, logins.get(login) ?? login, writerEmails);
    const date = gmt(item["wp:post_date_gmt"]) ?? (text(item.pubDate) ? new Date(text(item.pubDate)) : null);
    if (!sourceId || !date || Number.isNaN(date.getTime()))
      throw malformed(`post '${text(item.title)}' has no id or date`);
    const status = text(item["wp:status"]);
    const meta = new Map(
      list(item["wp:postmeta"]).map((m) => [text(m["wp:meta_key"]), text(m["wp:meta_value"])]),
    );
    const featuredUrl = attachments.get(meta.get("_thumbnail_id") ?? "");
    const rewritten = await builder.rewriteImages(autop(text(item["content:encoded"])), date, resolve);
    const postId = await builder.addPost({
      sourceId,
      title: text(item.title),
      content: rewritten.html,
      excerpt: text(item["excerpt:encoded"]).replace(/<[^>]*>/g, ""),
      author,
      date,
      lastUpdated: gmt(item["wp:post_modified_gmt"]),
      hashtags: list(item.category)
        .filter((c) => c["@_domain"] === "post_tag")
        .map((c) => normaliseCreateTag(text(c["#text"]) || text(c["@_nicename"])))
        .filter(Boolean),
      status: status === "publish" ? "published" : status === "future" ? "scheduled" : "draft",
      images: rewritten.images,
      featuredImage: featuredUrl ? resolve(featuredUrl) : null,
    });
    // Approved comments; a reply hangs under the thread's first comment (one level deep).
    const comments = list(item["wp:comment"]).filter(
      (c) =>
        text(c["wp:comment_approved"]) === "1" &&
        !["pingback", "trackback"].includes(text(c["wp:comment_type"])),
    );
    const byId = new Map(comments.map((c) => [text(c["wp:comment_id"]), c]));
    const added = new Map<string, { id: string; author: string; rootId: string }>();
    const addComment = (c: Node, depth = 0): { id: string; author: string; rootId: string } | null => {
      const key = text(c["wp:comment_id"]);
      const done = added.get(key);
      if (done) return done;
      const parentNode = byId.get(text(c["wp:comment_parent"]));
      // A parent chain that loops (a damaged export) ends as a top-level comment.
      const parent = parentNode && parentNode !== c && depth < 50 ? addComment(parentNode, depth + 1) : null;
      const user = builder.user(
        text(c["wp:comment_author_email"]),
        text(c["wp:comment_author"]) || "reader",
        `wp-${key}`,
      );
      const id = builder.addComment({
        sourceId: `${sourceId}:${key}`,
        postId,
        user,
        content:
          text(c["wp:comment_content"])
            .replace(/<[^>]*>/g, "")
            .trim() || "…",
        timestamp: gmt(c["wp:comment_date_gmt"]) ?? date,
        parent,
      });
      const entry = { id, author: user.author, rootId: parent?.rootId ?? id };
      added.set(key, entry);
      return entry;
    };
    for (const c of comments) addComment(c);
  }
}
