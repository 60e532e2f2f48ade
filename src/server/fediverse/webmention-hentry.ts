import { DomUtils, parseDocument } from "htmlparser2";
import { firstChars } from "../../common/rules/excerpt";

type Node = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

/** What a verified source says (microformats2 h-entry), as plain text and absolute URLs. */
export interface SourceEntry {
  /** The source links to the target (an `href` or `src` equal to it, resolved against the source). */
  linksToTarget: boolean;
  /** The h-entry is `u-in-reply-to` the target. */
  isReply: boolean;
  authorName: string | null;
  authorUrl: string | null;
  authorPhoto: string | null;
  /** The entry's content (or summary, or name, or the page's title) as text. */
  text: string;
}

export const ENTRY_TEXT_MAX = 2000;
const NAME_MAX = 100;
const URL_MAX = 2048;

const classes = (el: Element): string[] => (el.attribs.class ?? "").split(/\s+/).filter(Boolean);
const hasClass = (el: Element, name: string) => classes(el).includes(name);
const find = (root: Node[], test: (el: Element) => boolean): Element | null =>
  DomUtils.findOne((n) => test(n as Element), root, true) as Element | null;
const textOf = (el: Element | null | undefined): string =>
  el ? DomUtils.textContent(el).replace(/\s+/g, " ").trim() : "";

/** An attribute as an absolute http(s) URL, or null. */
function urlAt(el: Element | null, attribute: string, base: string): string | null {
  const raw = el?.attribs[attribute];
  if (!raw || raw.length > URL_MAX) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A u-* property: an `href`, `src` or `value` on the element, else its text if it is a URL. */
function uProperty(el: Element | null, base: string): string | null {
  if (!el) return null;
  return urlAt(el, "href", base) ?? urlAt(el, "src", base) ?? urlAt(el, "value", base);
}

function author(entry: Element, base: string) {
  const card = find(entry.children, (el) => hasClass(el, "p-author") || hasClass(el, "h-card"));
  if (!card) return { authorName: null, authorUrl: null, authorPhoto: null };
  const name = textOf(find(card.children, (el) => hasClass(el, "p-name"))) || textOf(card);
  const url =
    uProperty(
      find([card], (el) => hasClass(el, "u-url")),
      base,
    ) ?? urlAt(card, "href", base);
  const photo = uProperty(
    find([card], (el) => hasClass(el, "u-photo")),
    base,
  );
  return { authorName: firstChars(name, NAME_MAX) || null, authorUrl: url, authorPhoto: photo };
}

/** Read a fetched source: whether it links to `target`, and its first h-entry. Never throws. */
export function readSource(html: string, sourceUrl: string, target: string): SourceEntry {
  const root = parseDocument(html).children;
  const linksToTarget =
    DomUtils.findAll(
      (el) =>
        urlAt(el as Element, "href", sourceUrl) === target ||
        urlAt(el as Element, "src", sourceUrl) === target,
      root,
    ).length > 0;
  const entry = find(root, (el) => hasClass(el, "h-entry"));
  const title = textOf(find(root, (el) => el.name === "title"));
  if (!entry)
    return {
      linksToTarget,
      isReply: false,
      authorName: null,
      authorUrl: null,
      authorPhoto: null,
      text: firstChars(title, ENTRY_TEXT_MAX),
    };
  const replies = DomUtils.findAll((el) => hasClass(el as Element, "u-in-reply-to"), entry.children);
  const isReply = replies.some((el) => uProperty(el as Element, sourceUrl) === target);
  const content =
    textOf(find(entry.children, (el) => hasClass(el, "e-content") || hasClass(el, "p-content"))) ||
    textOf(find(entry.children, (el) => hasClass(el, "p-summary"))) ||
    textOf(find(entry.children, (el) => hasClass(el, "p-name"))) ||
    title;
  return { linksToTarget, isReply, ...author(entry, sourceUrl), text: firstChars(content, ENTRY_TEXT_MAX) };
}
