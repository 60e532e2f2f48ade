import { Column, Heading, Img, Link, Row, Section, Text } from "./email-kit";
import { ActionButton, FooterLine, Letter, Rule } from "./letter";
import { COLORS, DEFAULT_ACCENT, FONT, type LetterAccent, SANS } from "./letter-style";
import type { MailImage, PostBlock } from "./post-blocks";

// The new-post newsletter: the whole post as the blog shows it, then where to read and comment,
// then why the reader gets it and the one-click way out.

/** A take of a two-takes post names the partner's take (decision 0046). */
export interface OtherTake {
  authorName: string;
  /** Absolute: the other take's address and its anchor. */
  url: string;
}

/** The words of the link to the partner's take, in both parts. */
export const otherTakeLine = (other: OtherTake) => `Read ${other.authorName}'s take on it`;

export interface PostLetterProps {
  siteName: string;
  siteUrl: string;
  blogName: string;
  blogUrl: string;
  title: string;
  postUrl: string;
  commentUrl: string;
  authorName: string;
  /** The author's photo (mail variant), or null. */
  authorPhoto: string | null;
  date: string;
  blocks: PostBlock[];
  hashtags: { tag: string; url: string }[];
  unsubscribeUrl: string;
  preview: string;
  /** The site's accent and logo (Settings), as every page shows them. */
  accent?: LetterAccent;
  logoUrl?: string | null;
  /** A take of a two-takes post: the link to the partner's take. */
  otherTake?: OtherTake | null;
}

const caption = {
  color: COLORS.muted,
  fontFamily: SANS,
  fontSize: "13px",
  lineHeight: "1.4",
  margin: "6px 0 0",
  textAlign: "center",
} as const;

function Picture({ image }: { image: MailImage }) {
  return (
    <>
      <Img
        src={image.src}
        alt={image.alt}
        width={image.width}
        {...(image.height ? { height: image.height } : {})}
        style={{ display: "block", margin: "0 auto", maxWidth: "100%", height: "auto", borderRadius: "4px" }}
      />
      {image.caption ? (
        <Text className="l-muted" style={caption}>
          {image.caption}
        </Text>
      ) : null}
    </>
  );
}

function Block({ block }: { block: PostBlock }) {
  if (block.kind === "text")
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the post-content allowlist's output (post-blocks.ts).
    return <div dangerouslySetInnerHTML={{ __html: block.html }} />;
  if (block.kind === "image")
    return (
      <Section style={{ margin: "4px 0 20px" }}>
        <Picture image={block.image} />
      </Section>
    );
  return (
    <Row style={{ margin: "4px 0 20px" }}>
      {block.images.map((image, i) => (
        <Column
          key={image.src}
          className="l-pair-cell"
          width="50%"
          style={{ verticalAlign: "top", padding: i === 0 ? "0 8px 0 0" : "0 0 0 8px" }}
        >
          <Picture image={image} />
        </Column>
      ))}
    </Row>
  );
}

export function PostLetter(p: PostLetterProps) {
  const accent = p.accent ?? DEFAULT_ACCENT;
  const link = { color: accent.light };
  return (
    <Letter
      preview={p.preview}
      siteName={p.siteName}
      siteUrl={p.siteUrl}
      accent={accent}
      logoUrl={p.logoUrl ?? null}
      footer={
        <>
          <FooterLine>
            <Link href={p.blogUrl} className="l-link" style={link}>
              {p.blogName}
            </Link>{" "}
            on {p.siteName}
          </FooterLine>
          <FooterLine>
            You get this email because you follow {p.blogName} on {p.siteName}.{" "}
            <Link href={p.unsubscribeUrl} className="l-link" style={link}>
              Unsubscribe with one click
            </Link>
          </FooterLine>
        </>
      }
    >
      <Heading as="h1" style={{ fontFamily: FONT, fontSize: "30px", lineHeight: "1.2", margin: "0 0 16px" }}>
        <Link href={p.postUrl} className="l-title" style={{ color: COLORS.text, textDecoration: "none" }}>
          {p.title}
        </Link>
      </Heading>
      <Row style={{ margin: "0 0 24px" }}>
        {p.authorPhoto ? (
          <Column width="52" style={{ width: "52px", verticalAlign: "middle" }}>
            <Img src={p.authorPhoto} alt="" width={44} height={44} style={{ borderRadius: "22px" }} />
          </Column>
        ) : null}
        <Column style={{ verticalAlign: "middle" }}>
          <Text
            className="l-muted"
            style={{ color: COLORS.muted, fontFamily: SANS, fontSize: "14px", margin: 0 }}
          >
            By <strong>{p.authorName}</strong> ·{" "}
            <Link href={p.blogUrl} className="l-link" style={link}>
              {p.blogName}
            </Link>{" "}
            · {p.date}
          </Text>
        </Column>
      </Row>
      {p.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed rendering of the post
        <Block key={i} block={block} />
      ))}
      {p.hashtags.length > 0 ? (
        <Text style={{ fontFamily: SANS, fontSize: "14px", margin: "8px 0 0" }}>
          {p.hashtags.map((h) => (
            <Link key={h.tag} href={h.url} className="l-link" style={{ ...link, marginRight: "10px" }}>
              #{h.tag}
            </Link>
          ))}
        </Text>
      ) : null}
      {p.otherTake ? (
        <Text style={{ fontFamily: SANS, fontSize: "15px", margin: "16px 0 0" }}>
          This is one of two takes on the topic.{" "}
          <Link href={p.otherTake.url} className="l-link" style={link}>
            {otherTakeLine(p.otherTake)}
          </Link>
        </Text>
      ) : null}
      <Rule />
      <ActionButton href={p.postUrl} accent={accent}>
        Read on the blog
      </ActionButton>
      <Text style={{ fontFamily: SANS, fontSize: "15px", margin: 0 }}>
        <Link href={p.commentUrl} className="l-link" style={link}>
          Comment
        </Link>
      </Text>
    </Letter>
  );
}
