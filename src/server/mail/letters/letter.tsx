import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "./email-kit";
import { COLORS, DEFAULT_ACCENT, FONT, headCss, type LetterAccent, SANS } from "./letter-style";

// Every Duet email is one of these: the site's name on top, a white card, a quiet footer.

export interface LetterProps {
  /** The inbox's preview line. */
  preview: string;
  siteName: string;
  siteUrl: string;
  children: ReactNode;
  /** Small lines under the card: why the reader gets this, how to stop it. */
  footer?: ReactNode;
  /** The site's accent from Settings (links, the button, the name on top). */
  accent?: LetterAccent;
  /** The site's logo as a mail image (absolute URL), shown before the name. */
  logoUrl?: string | null;
}

export function Letter({
  preview,
  siteName,
  siteUrl,
  children,
  footer,
  accent = DEFAULT_ACCENT,
  logoUrl = null,
}: LetterProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{headCss(accent)}</style>
      </Head>
      <Preview>{preview}</Preview>
      {/* react-email's Body copies its style onto an inner cell: the page colour sits on a Section
          that the dark-mode CSS can reach by its class. */}
      <Body style={{ margin: 0, padding: 0 }}>
        <Section className="l-page" style={{ backgroundColor: COLORS.page, padding: "24px 0" }}>
          <Container style={{ maxWidth: "600px", width: "100%" }}>
            <Section style={{ padding: "0 20px 16px" }}>
              <Link
                href={`${siteUrl}/`}
                className="l-link"
                style={{
                  color: accent.light,
                  fontFamily: SANS,
                  fontSize: "15px",
                  fontWeight: 700,
                  letterSpacing: "0.04em",
                  textDecoration: "none",
                }}
              >
                {/* Decorative, as in the navbar: the name follows. */}
                {logoUrl ? (
                  <Img
                    src={logoUrl}
                    alt=""
                    height={32}
                    style={{
                      display: "inline-block",
                      height: "32px",
                      marginRight: "10px",
                      verticalAlign: "middle",
                    }}
                  />
                ) : null}
                <span style={{ verticalAlign: "middle" }}>{siteName}</span>
              </Link>
            </Section>
            <Section
              className="l-card l-text"
              style={{
                backgroundColor: COLORS.card,
                border: `1px solid ${COLORS.rule}`,
                borderRadius: "8px",
                color: COLORS.text,
                fontFamily: FONT,
                padding: "28px",
              }}
            >
              {children}
            </Section>
            {footer ? (
              <Section className="l-muted" style={{ padding: "16px 20px 0", color: COLORS.muted }}>
                {footer}
              </Section>
            ) : null}
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

export const paragraph = {
  color: COLORS.text,
  fontFamily: FONT,
  fontSize: "17px",
  lineHeight: "1.6",
  margin: "0 0 16px",
} as const;

export function FooterLine({ children }: { children: ReactNode }) {
  return (
    <Text
      className="l-muted"
      style={{
        color: COLORS.muted,
        fontFamily: SANS,
        fontSize: "13px",
        lineHeight: "1.5",
        margin: "0 0 6px",
      }}
    >
      {children}
    </Text>
  );
}

export function ActionButton({
  href,
  children,
  accent = DEFAULT_ACCENT,
}: {
  href: string;
  children: ReactNode;
  accent?: LetterAccent;
}) {
  return (
    <Section style={{ margin: "8px 0 20px" }}>
      <Link
        href={href}
        className="l-button"
        style={{
          backgroundColor: accent.light,
          borderRadius: "6px",
          color: accent.lightText,
          display: "inline-block",
          fontFamily: SANS,
          fontSize: "16px",
          fontWeight: 600,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

export function Rule() {
  return <Hr className="l-rule" style={{ borderColor: COLORS.rule, margin: "24px 0" }} />;
}

// The HTML5 doctype: the XHTML one carries a URL, and the only links in a letter are ours.
const DOCTYPE = "<!DOCTYPE html>";

/**
 * The letter as HTML. react-email's components are plain React, so React's synchronous static
 * renderer is enough: the emails are built inside the transactions that queue them (one per
 * follower), where an await per render would hold the transaction open for nothing.
 */
export function renderLetter(letter: ReactElement): string {
  // React 19 adds <link rel="preload"> for images: meaningless in mail, and each is one more URL.
  return DOCTYPE + renderToStaticMarkup(letter).replace(/<link rel="preload" as="image"[^>]*>/g, "");
}
