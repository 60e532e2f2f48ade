import { XMLParser, XMLValidator } from "fast-xml-parser";
import { normaliseCreateTag } from "../../../common/rules/hashtags";
import { ArchiveError } from "../format";
import { type AuthorChoice, assignAuthors } from "./author-map";
import type { ArchiveBuilder } from "./builder";
import { decodeEntities, htmlToLine, htmlToText } from "./entities";
import { ImageFinder } from "./image-finder";
import { autop, stripShortcodes } from "./wordpress-html";

/**
 * WordPress: a WXR export (Tools → Export, an RSS file with the `wp:` namespace) and the
 * wp-content/uploads folder. Posts (not pages), their tags as hashtags, approved comments with
 * their replies, and featured images (`_thumbnail_id` → attachment) are carried.
 */

type Node = Record<string, unknown>;
const LISTS = new Set(["item", "category", "wp:author", "wp:comment", "wp:postmeta"]);
const CDATA = "#cdata";

/**
 * A field as the file means it: CDATA as written, other text with its XML escapes undone once
 * (the parser leaves entities alone, so no layer is decoded twice; see entities.ts).
 */
const xml = (v: unknown): string => {
  if (typeof v === "string") return decodeEntities(v);
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.map(xml).join("");
  if (v && typeof v === "object") {
    const node = v as Node;
    const cdata = node[CDATA];
    return (
      xml(node["#text"] ?? "") +
      (Array.isArray(cdata) ? cdata.join("") : typeof cdata === "string" ? cdata : "")
    );
  }
  return "";
};
/** WordPress keeps titles, term names and names as HTML: Duet keeps them as text. */
const line = (v: unknown) => htmlToLine(xml(v));
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);
const malformed = (detail: string) =>
  new ArchiveError(`The file is not a valid WordPress export (WXR): ${detail}.`);

/** WordPress stores dates as 'YYYY-MM-DD HH:MM:SS' in UTC (the *_gmt fields). */
const gmt = (v: unknown): Date | null => {
  const s = line(v);
  if (!s || s.startsWith("0000")) return null;
  const d = new Date(`${s.replace(" ", "T")}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The original, not a resized copy: photo-1024x768.jpg → photo.jpg (then the copy itself). */
const originalFirst = (name: string) => [...new Set([name.replace(/-\d+x\d+(\.[A-Za-z0-9]+)$/, "$1"), name])];

/** The uploads folder's layout: …/wp-content/uploads/2024/05/a.jpg is 2024/05/a.jpg there. */
export const wordpressImages = (uploadsDir: string) =>
  new ImageFinder(uploadsDir, {
    layout: (urlPath) => {
      const rest = /\/wp-content\/uploads\/(.+)$/.exec(urlPath)?.[1];
      if (!rest) return [];
      const at = rest.lastIndexOf("/") + 1;
      return originalFirst(rest.slice(at)).map((name) => rest.slice(0, at) + name);
    },
    variants: originalFirst,
  });

/** Why a post was not public in WordPress (it then arrives as a draft), or null. */
function notPublic(item: Node): string | null {
  if (xml(item["wp:post_password"]) !== "") return "password-protected";
  if (line(item["wp:status"]) === "private") return "private";
  return null;
}

export async function buildFromWordPress(
  builder: ArchiveBuilder,
  file: string,
  uploadsDir: string,
  authors: AuthorChoice,
): Promise<void> {
  const valid = XMLValidator.validate(file);
  if (valid !== true) throw malformed(`${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    processEntities: false,
    cdataPropName: CDATA,
    isArray: (n) => LISTS.has(n),
  });
  const channel = (parser.parse(file) as Node).rss as Node | undefined;
  const root = channel?.channel as Node | undefined;
  if (!root) throw malformed("it has no rss/channel");
  // Authors by login, as a post's dc:creator names them; --author may use any of their names.
  const writers = new Map(
    list(root["wp:author"]).map((a) => {
      const writer = {
        login: line(a["wp:author_login"]),
        email: line(a["wp:author_email"]),
        name: line(a["wp:author_display_name"]),
      };
      return [writer.login.toLowerCase(), writer];
    }),
  );
  const items = list(root.item);
  const attachments = new Map(
    items
      .filter((i) => line(i["wp:post_type"]) === "attachment")
      .map((i) => [line(i["wp:post_id"]), xml(i["wp:attachment_url"]).trim()]),
  );
  const posts = items.filter((i) => line(i["wp:post_type"]) === "post");
  const postAuthors = assignAuthors(
    posts.map((p) => {
      const creator = line(p["dc:creator"]);
      const w = writers.get(creator.toLowerCase());
      return {
        title: line(p.title),
        names: w ? [w.login, w.email, w.name] : [creator],
        label: w ? w.email || w.login : creator,
      };
    }),
    authors,
    builder.warnings,
  );
  const finder = wordpressImages(uploadsDir);
  const resolve = (src: string) => finder.find(src);

  for (const [index, item] of posts.entries()) {
    const sourceId = line(item["wp:post_id"]);
    const title = line(item.title);
    const date = gmt(item["wp:post_date_gmt"]) ?? (line(item.pubDate) ? new Date(line(item.pubDate)) : null);
    if (!sourceId || !date || Number.isNaN(date.getTime()))
      throw malformed(`post '${title}' has no id or date`);
    const status = line(item["wp:status"]);
    const meta = new Map(
      list(item["wp:postmeta"]).map((m) => [line(m["wp:meta_key"]), xml(m["wp:meta_value"])]),
    );
    const html = autop(stripShortcodes(xml(item["content:encoded"])));
    const rewritten = await builder.rewriteImages(html, date, resolve);
    const postId = await builder.addPost(
      {
        sourceId,
        title,
        content: rewritten.html,
        excerpt: htmlToText(xml(item["excerpt:encoded"])),
        author: postAuthors[index]!,
        date,
        lastUpdated: gmt(item["wp:post_modified_gmt"]),
        hashtags: list(item.category)
          .filter((c) => c["@_domain"] === "post_tag")
          .map((c) => normaliseCreateTag(line(c) || line(c["@_nicename"])))
          .filter(Boolean),
        status: status === "publish" ? "published" : status === "future" ? "scheduled" : "draft",
        hidden: notPublic(item),
        images: rewritten.images,
        missingImages: rewritten.missing,
        featuredImage: attachments.get(meta.get("_thumbnail_id") ?? "") || null,
      },
      resolve,
    );
    // Approved comments; a reply hangs under the thread's first comment (one level deep).
    const comments = list(item["wp:comment"]).filter(
      (c) =>
        line(c["wp:comment_approved"]) === "1" &&
        !["pingback", "trackback"].includes(line(c["wp:comment_type"])),
    );
    const byId = new Map(comments.map((c) => [line(c["wp:comment_id"]), c]));
    const added = new Map<string, { id: string; author: string; rootId: string }>();
    const addComment = (c: Node, depth = 0): { id: string; author: string; rootId: string } | null => {
      const key = line(c["wp:comment_id"]);
      const done = added.get(key);
      if (done) return done;
      const parentNode = byId.get(line(c["wp:comment_parent"]));
      // A parent chain that loops (a damaged export) ends as a top-level comment.
      const parent = parentNode && parentNode !== c && depth < 50 ? addComment(parentNode, depth + 1) : null;
      const user = builder.user(
        line(c["wp:comment_author_email"]),
        line(c["wp:comment_author"]) || "reader",
        `wp-${key}`,
      );
      const id = builder.addComment({
        sourceId: `${sourceId}:${key}`,
        postId,
        user,
        // Comments are text in Duet: WordPress's comment HTML, tags removed, entities decoded once.
        content: htmlToText(xml(c["wp:comment_content"])) || "…",
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
