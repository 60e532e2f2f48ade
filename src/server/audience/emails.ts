import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { resolveExcerpt } from "../../common/rules/excerpt";
import { blogName, type SiteSettings } from "../../common/site-settings";
import type { Config } from "../env";

// The audience emails, as stored in mail_queue: plain text always, HTML for the new-post email.

/** The names the emails use: the site settings in force (issue 21). */
export type EmailNames = Pick<SiteSettings, "siteName" | "himBlogName" | "herBlogName">;

const blogs = (names: EmailNames, authors: AuthorKey[]) =>
  authors.map((a) => blogName(names, a)).join(" and ");

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page that confirms a follow, unsubscribes, or switches notifications off (it POSTs the API). */
export const subscriptionsPage = (config: Config, query: Record<string, string>) =>
  `${config.publicUrl}/subscriptions?${new URLSearchParams(query).toString()}`;

/** RFC 8058's one-click target: a POST here unsubscribes, no page, no cookie. */
export const oneClickUnsubscribeUrl = (config: Config, token: string) =>
  `${config.publicUrl}/api/follow/unsubscribe?token=${encodeURIComponent(token)}`;

export function confirmFollowEmail(
  config: Config,
  names: EmailNames,
  authors: AuthorKey[],
  tokens: string[],
) {
  const link = subscriptionsPage(config, { confirm: tokens.join(",") });
  return {
    subject: `[${names.siteName}] Confirm that you want to follow ${blogs(names, authors)}`,
    text: [
      `Someone, hopefully you, asked to get an email from ${names.siteName} each time ${blogs(names, authors)} publishes a new post.`,
      "",
      `To confirm, open this link: ${link}`,
      "",
      "If it was not you, ignore this email: nothing more will be sent to you.",
    ].join("\n"),
  };
}

export interface PostForEmail {
  id: string;
  /** The post's address (docs/decisions/0033-post-addresses.md); its id still redirects there. */
  slug?: string;
  title: string;
  excerpt: string;
  content: string;
  author: AuthorKey;
  imageUrl: string | null;
}

/** SPEC §3 fields a follower gets: title, excerpt, thumbnail and the link, plus how to stop. */
export function newPostEmail(
  config: Config,
  names: EmailNames,
  post: PostForEmail,
  unsubscribeToken: string,
) {
  const link = `${config.publicUrl}${paths.post(post.slug || post.id)}`;
  const excerpt = resolveExcerpt(post.excerpt, post.content);
  const thumbnail = post.imageUrl
    ? /^https?:\/\//.test(post.imageUrl)
      ? post.imageUrl
      : `${config.publicUrl}${post.imageUrl}`
    : null;
  const unsubscribe = subscriptionsPage(config, { unsubscribe: unsubscribeToken });
  const blog = blogName(names, post.author);
  return {
    subject: `New on ${blog}: ${post.title}`,
    text: [
      post.title,
      "",
      excerpt,
      "",
      `Read it: ${link}`,
      ...(thumbnail ? ["", `Picture: ${thumbnail}`] : []),
      "",
      "--",
      `You follow ${blog} on ${names.siteName}. Unsubscribe with one click: ${unsubscribe}`,
    ].join("\n"),
    html: [
      `<h1><a href="${escapeHtml(link)}">${escapeHtml(post.title)}</a></h1>`,
      thumbnail
        ? `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(thumbnail)}" alt="" width="600" style="max-width:100%;height:auto"></a></p>`
        : "",
      `<p>${escapeHtml(excerpt)}</p>`,
      `<p><a href="${escapeHtml(link)}">Read it on ${escapeHtml(blog)}</a></p>`,
      `<hr><p style="font-size:small">You follow ${escapeHtml(blog)} on ${escapeHtml(names.siteName)}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    ].join("\n"),
    unsubscribeUrl: oneClickUnsubscribeUrl(config, unsubscribeToken),
  };
}
