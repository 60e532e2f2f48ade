import { DomUtils, parseDocument } from "htmlparser2";
import type { RemoteAnswer } from "./remote-fetch";

/** Whether a rel attribute's space-separated list names webmention. */
const namesWebmention = (rel: string | undefined) =>
  (rel ?? "").toLowerCase().split(/\s+/).includes("webmention");

/** The first `Link: <…>; rel="webmention"` of the answer's headers, as written. */
function fromLinkHeader(header: string | string[] | undefined): string | null {
  for (const value of [header ?? []].flat()) {
    for (const match of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]*)*)/g)) {
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? "");
      if (rel && namesWebmention(rel[1] ?? rel[2])) return match[1] ?? "";
    }
  }
  return null;
}

/** The first `<link>` or `<a>` with rel=webmention and an href, in document order. */
function fromHtml(html: string): string | null {
  const element = DomUtils.findOne(
    (el) =>
      (el.name === "link" || el.name === "a") && "href" in el.attribs && namesWebmention(el.attribs.rel),
    parseDocument(html).children,
    true,
  );
  return element ? (element.attribs.href ?? "") : null;
}

/**
 * A target's Webmention endpoint (W3C §3.1.2): the HTTP Link header first, then the first
 * `<link>`/`<a>` rel=webmention of an HTML page; relative URLs resolved against the page's final
 * URL (after redirects), the query string kept. Null when it advertises none or not over http(s).
 */
export function endpointOf(answer: RemoteAnswer): string | null {
  const type = String(answer.headers["content-type"] ?? "");
  const href =
    fromLinkHeader(answer.headers.link) ??
    (type.startsWith("text/html") ? fromHtml(answer.body.toString("utf8")) : null);
  if (href === null) return null;
  try {
    const url = new URL(href, answer.url);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
