import { Heading, Link, Text } from "./email-kit";
import { ActionButton, FooterLine, Letter, paragraph, renderLetter } from "./letter";
import { COLORS, FONT, SANS } from "./letter-style";

// The short emails (follow confirmation, reply and comment notifications, password reset, address
// verification): a heading, a few sentences, one button, and the link written out for mail apps
// that hide buttons. Their plain-text parts are written by their callers, word for word.

export interface FooterLink {
  /** Text before the link, e.g. "Stop these emails with one click:". */
  before: string;
  label: string;
  url: string;
}

export interface Notice {
  siteName: string;
  siteUrl: string;
  heading: string;
  /** Sentences before the button. */
  intro: string[];
  /** A reader's words, shown as a quote under their name (already cut and link-free). */
  quote?: { who: string; text: string };
  action: { label: string; url: string };
  /** Sentences after the button. */
  outro?: string[];
  footer?: FooterLink[];
}

function NoticeLetter(n: Notice) {
  return (
    <Letter
      preview={n.intro[0] ?? n.heading}
      siteName={n.siteName}
      siteUrl={n.siteUrl}
      footer={
        n.footer?.length
          ? n.footer.map((f) => (
              <FooterLine key={f.url}>
                {f.before}{" "}
                <Link href={f.url} className="l-link" style={{ color: COLORS.accent }}>
                  {f.label}
                </Link>
              </FooterLine>
            ))
          : undefined
      }
    >
      <Heading as="h1" style={{ color: COLORS.text, fontFamily: FONT, fontSize: "24px", margin: "0 0 16px" }}>
        {n.heading}
      </Heading>
      {n.intro.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
      {n.quote ? (
        <>
          <Text style={{ ...paragraph, fontFamily: SANS, fontSize: "14px", margin: "0 0 4px" }}>
            {n.quote.who}
          </Text>
          <Text
            className="l-muted"
            style={{
              ...paragraph,
              borderLeft: `3px solid ${COLORS.accent}`,
              color: COLORS.muted,
              fontStyle: "italic",
              paddingLeft: "14px",
            }}
          >
            {n.quote.text}
          </Text>
        </>
      ) : null}
      <ActionButton href={n.action.url}>{n.action.label}</ActionButton>
      <Text style={{ ...paragraph, fontFamily: SANS, fontSize: "13px", wordBreak: "break-all" }}>
        Or open this link:{" "}
        <Link href={n.action.url} className="l-link" style={{ color: COLORS.accent }}>
          {n.action.url}
        </Link>
      </Text>
      {n.outro?.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
    </Letter>
  );
}

export const noticeHtml = (notice: Notice): string => renderLetter(<NoticeLetter {...notice} />);
