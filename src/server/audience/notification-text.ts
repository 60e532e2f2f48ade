// What a reply or comment notification may quote of what a reader wrote
// (docs/decisions/0024-mail-abuse-limits.md): plain text, at most NOTIFICATION_EXCERPT_LENGTH
// characters, and nothing a mail client would turn into a link. Our own link to the comment is
// the only one in the email, so a notification cannot carry someone's spam link to a stranger.

export const NOTIFICATION_EXCERPT_LENGTH = 200;
export const NOTIFICATION_NAME_LENGTH = 40;
export const LINK_REMOVED = "[link removed]";

// A scheme (https://, ftp://, mailto:, …) or www. and what follows; a bare host name with a
// TLD-like ending (mail clients link `evil.example`); an IPv4 address.
const WITH_SCHEME = /\b[a-z][a-z0-9+.-]*:(?:\/\/)?[^\s"<>]+/gi;
const WWW = /\bwww\.[^\s"<>]*/gi;
const HOST =
  /(?<![\p{L}\p{N}_-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:xn--[a-z0-9-]+|\p{L}{2,})(?![\p{L}\p{N}])(?:[/:?#][^\s"<>]*)?/giu;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b(?:[/:?#][^\s"<>]*)?/g;

/** Remove whatever a mail client could show as a link. */
export function withoutLinks(text: string): string {
  return text
    .replace(WITH_SCHEME, (m) =>
      /^[a-z][a-z0-9+.-]*:\/\//i.test(m) || /^mailto:/i.test(m) ? LINK_REMOVED : m,
    )
    .replace(WWW, LINK_REMOVED)
    .replace(HOST, LINK_REMOVED)
    .replace(IPV4, LINK_REMOVED);
}

/** Compatibility forms folded, control and invisible characters dropped, white space collapsed. */
const oneLine = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * One line of plain text: compatibility forms folded (full-width `ｅｖｉｌ．ｃｏｍ` is `evil.com`),
 * control and invisible characters dropped, white space collapsed, links removed, then cut.
 */
export function quote(text: string, max: number): string {
  const clean = withoutLinks(oneLine(text));
  if (clean.length <= max) return clean;
  // Cut on a character boundary, then look again: a cut may leave a shorter host name behind.
  return `${withoutLinks(
    Array.from(clean)
      .slice(0, max - 1)
      .join("")
      .trimEnd(),
  )}…`;
}

export const excerptOf = (content: string) => quote(content, NOTIFICATION_EXCERPT_LENGTH);

/**
 * A name is shown as the name it is, one line and cut, never scrubbed ('reader.ana' stays
 * 'reader.ana'): for the subject line, which mail apps do not turn into links.
 */
export function nameOf(name: string): string {
  const plain = oneLine(name);
  const cut =
    Array.from(plain).length <= NOTIFICATION_NAME_LENGTH
      ? plain
      : `${Array.from(plain)
          .slice(0, NOTIFICATION_NAME_LENGTH - 1)
          .join("")
          .trimEnd()}…`;
  return cut || "A reader";
}

// What joins the parts of an address or a host name (the ideographic full stop is a dot to IDNA).
const LINK_JOINTS = /([.:/@\u3002])/g;
export const ZERO_WIDTH_SPACE = "\u200b";

/**
 * The name as a letter's body shows it: a zero-width space after every dot, colon, slash and @,
 * so it reads the same but no mail app finds a link or an address in it ('www.evil.example'
 * cannot become a link in a stranger's inbox).
 */
export const unlinkedName = (name: string): string =>
  nameOf(name).replace(LINK_JOINTS, `$1${ZERO_WIDTH_SPACE}`);
