import { paths } from "../../../common/routes";
import type { PostImage } from "../../../common/types";
import { toPlainText } from "./email-kit";
import { renderLetter } from "./letter";
import { letterAccent } from "./letter-style";
import { featureBlock, mailImageUrl, type PostBlock, postBlocks } from "./post-blocks";
import { type OtherTake, otherTakeLine, PostLetter } from "./post-letter";

// The new-post email's two parts from one post: the designed letter and its plain-text twin.

export interface NewsletterInput {
  publicUrl: string;
  siteName: string;
  blogName: string;
  blogPath: string;
  post: {
    id: string;
    /** The post's address (`/post/{slug}`); the id redirects there when it is missing. */
    slug?: string;
    title: string;
    content: string;
    date?: string;
    imageUrl?: string | null;
    hashtags?: readonly string[];
    images?: readonly PostImage[];
  };
  authorName: string;
  authorPhotoUrl: string | null;
  /** The page with the unsubscribe button (RFC 8058's one-click POST is the header's). */
  unsubscribeUrl: string;
  /** Inbox preview line: the excerpt. */
  preview: string;
  /** Settings' accents ('' keeps the letter's own) and logo (an upload path, '' for none). */
  look?: { accentLight?: string; accentDark?: string; logoUrl?: string };
  /** A take of a two-takes post: the partner's take, linked after this one (decision 0046). */
  otherTake?: OtherTake | null;
}

const dateLine = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      })
    : "";

function blockText(block: PostBlock): string {
  if (block.kind === "text") return toPlainText(block.html, { wordwrap: 78 });
  const images = block.kind === "image" ? [block.image] : block.images;
  return images
    .map((i) => [`[Picture${i.alt ? `: ${i.alt}` : ""}]`, ...(i.caption ? [i.caption] : [])].join("\n"))
    .join("\n\n");
}

export function newsletterParts(n: NewsletterInput): { html: string; text: string } {
  const postUrl = `${n.publicUrl}${paths.post(n.post.slug || n.post.id)}`;
  const commentUrl = `${postUrl}#comments-heading`;
  const blogUrl = `${n.publicUrl}${n.blogPath}`;
  const feature = featureBlock(n.post, n.publicUrl);
  const blocks = [
    ...(feature ? [feature] : []),
    ...postBlocks(n.post.content, n.post.images ?? [], n.publicUrl),
  ];
  const hashtags = (n.post.hashtags ?? []).map((tag) => ({ tag, url: `${n.publicUrl}${paths.tag(tag)}` }));
  const date = dateLine(n.post.date);
  const html = renderLetter(
    <PostLetter
      siteName={n.siteName}
      siteUrl={n.publicUrl}
      blogName={n.blogName}
      blogUrl={blogUrl}
      title={n.post.title}
      postUrl={postUrl}
      commentUrl={commentUrl}
      authorName={n.authorName}
      authorPhoto={mailImageUrl(n.publicUrl, n.authorPhotoUrl)}
      date={date}
      blocks={blocks}
      hashtags={hashtags}
      unsubscribeUrl={n.unsubscribeUrl}
      preview={n.preview}
      accent={letterAccent(n.look ?? {})}
      logoUrl={mailImageUrl(n.publicUrl, n.look?.logoUrl)}
      otherTake={n.otherTake ?? null}
    />,
  );
  const text = [
    n.post.title,
    `By ${n.authorName} · ${n.blogName}${date ? ` · ${date}` : ""}`,
    "",
    blocks.map(blockText).join("\n\n"),
    ...(hashtags.length ? ["", hashtags.map((h) => `#${h.tag}`).join(" ")] : []),
    ...(n.otherTake ? ["", `${otherTakeLine(n.otherTake)}: ${n.otherTake.url}`] : []),
    "",
    `Read on the blog: ${postUrl}`,
    `Comment: ${commentUrl}`,
    "",
    "--",
    `You follow ${n.blogName} on ${n.siteName}. Unsubscribe with one click: ${n.unsubscribeUrl}`,
  ].join("\n");
  return { html, text };
}
