import { followUnsubscribe, urlOf } from "../../common/api";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { resolveExcerpt } from "../../common/rules/excerpt";
import { publicAuthorName } from "../../common/site-names";
import { blogName, type SiteSettings } from "../../common/site-settings";
import type { AuthorProfile, PostImage } from "../../common/types";
import type { Config } from "../env";
import { newsletterParts } from "../mail/letters/newsletter";
import { noticeHtml } from "../mail/letters/notice-letter";
import type { OtherTake } from "../mail/letters/post-letter";

// The audience emails, as stored in mail_queue: a designed HTML part and a plain-text part each.

/** The names the emails use: the site settings in force. */
export type EmailNames = Pick<SiteSettings, "siteName" | "himBlogName" | "herBlogName">;

const blogs = (names: EmailNames, authors: AuthorKey[]) =>
  authors.map((a) => blogName(names, a)).join(" and ");

/** The page that confirms a follow, unsubscribes, or switches notifications off (it POSTs the API). */
export const subscriptionsPage = (config: Config, query: Record<string, string>) =>
  `${config.publicUrl}/subscriptions?${new URLSearchParams(query).toString()}`;

/** RFC 8058's one-click target: a POST here unsubscribes, no page, no cookie. */
export const oneClickUnsubscribeUrl = (config: Config, token: string) =>
  `${config.publicUrl}${urlOf(followUnsubscribe, {}, { token })}`;

export function confirmFollowEmail(
  config: Config,
  names: EmailNames,
  authors: AuthorKey[],
  tokens: string[],
) {
  const link = subscriptionsPage(config, { confirm: tokens.join(",") });
  const asked = `Someone, hopefully you, asked to get an email from ${names.siteName} each time ${blogs(names, authors)} publishes a new post.`;
  const ignore = "If it was not you, ignore this email: nothing more will be sent to you.";
  return {
    subject: `[${names.siteName}] Confirm that you want to follow ${blogs(names, authors)}`,
    text: [asked, "", `To confirm, open this link: ${link}`, "", ignore].join("\n"),
    html: noticeHtml({
      siteName: names.siteName,
      siteUrl: config.publicUrl,
      heading: `Follow ${blogs(names, authors)}?`,
      intro: [asked],
      action: { label: "Yes, follow", url: link },
      outro: [ignore],
    }),
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
  date?: string;
  hashtags?: string[];
  images?: PostImage[];
}

/** The whole post as a newsletter (newsletter.tsx), with how to stop. */
export function newPostEmail(
  config: Config,
  names: EmailNames & Partial<Pick<SiteSettings, "accentLight" | "accentDark" | "logoUrl">>,
  post: PostForEmail,
  unsubscribeToken: string,
  profile?: AuthorProfile,
  otherTake?: OtherTake | null,
) {
  const blog = blogName(names, post.author);
  const parts = newsletterParts({
    publicUrl: config.publicUrl,
    siteName: names.siteName,
    blogName: blog,
    blogPath: paths.blog(post.author),
    post,
    authorName: publicAuthorName(post.author, profile?.name),
    authorPhotoUrl: profile?.photoUrl ?? null,
    unsubscribeUrl: subscriptionsPage(config, { unsubscribe: unsubscribeToken }),
    preview: resolveExcerpt(post.excerpt, post.content),
    // The letter looks like the site: its accent and logo from Settings.
    look: { accentLight: names.accentLight, accentDark: names.accentDark, logoUrl: names.logoUrl },
    otherTake,
  });
  return {
    subject: `New on ${blog}: ${post.title}`,
    ...parts,
    unsubscribeUrl: oneClickUnsubscribeUrl(config, unsubscribeToken),
  };
}
