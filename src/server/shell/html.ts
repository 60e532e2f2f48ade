import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { webmentionReceive } from "../../common/api";
import { feedTitle, paths } from "../../common/routes";
import type { ShellData } from "../../common/types";
import { escapeHtml } from "../content/escape-html";
import type { PageHead } from "../content/page-model";

export type { ShellData };

/** JSON safe inside <script>: no stored string can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const FALLBACK_TEMPLATE =
  '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div><!--app-data--></body></html>';
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

export interface Template {
  /** The page around the app: head tags, app markup and data go in its three slots. */
  parts: [string, string, string, string];
  /** CSP hashes of the inline scripts the template carries (the theme script). */
  scriptHashes: string[];
}

/**
 * index.html split at its slots. The theme script is inlined (SPEC §4: the saved theme applies
 * before the first paint, without a render-blocking request), allowed by its hash in the CSP.
 */
export function loadTemplate(clientDir: string | null): Template {
  const file = clientDir ? path.join(clientDir, "index.html") : null;
  let html = file && existsSync(file) ? readFileSync(file, "utf8") : FALLBACK_TEMPLATE;
  const scriptHashes: string[] = [];
  const themeFile = clientDir ? path.join(clientDir, "theme-init.js") : null;
  if (themeFile && existsSync(themeFile) && html.includes(THEME_SCRIPT_TAG)) {
    const code = readFileSync(themeFile, "utf8").trim();
    scriptHashes.push(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    html = html.replace(THEME_SCRIPT_TAG, () => `<script>${code}</script>`);
  }
  const [beforeHead, afterHead] = split(html, "<!--app-head-->");
  const [beforeRoot, afterRoot] = split(afterHead, '<div id="root"></div>');
  const [beforeData, afterData] = split(afterRoot, "<!--app-data-->");
  return {
    parts: [beforeHead, `${beforeRoot}<div id="root">`, `</div>${beforeData}`, afterData],
    scriptHashes,
  };
}

function split(html: string, marker: string): [string, string] {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`index.html has no ${marker}`);
  return [html.slice(0, at), html.slice(at + marker.length)];
}

/** <title>, description, canonical, Open Graph, Twitter, JSON-LD and the RSS link of a page. */
export function headTags(head: PageHead, siteName: string, publicUrl: string): string {
  const url = `${publicUrl}${head.canonicalPath}`;
  const image = head.image ? new URL(head.image, publicUrl).href : null;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : "",
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:type" content="${head.type ?? "website"}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
    head.publishedTime
      ? `<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}">`
      : "",
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
    ...(head.feeds ?? [{ path: paths.feed(), title: feedTitle(siteName) }]).map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.path)}">`,
    ),
    // A post page names the Webmention endpoint (decision 0047) in its head, as in its Link header.
    head.type === "article"
      ? `<link rel="webmention" href="${escapeHtml(publicUrl + webmentionReceive.path)}">`
      : "",
    // standard.site: the post's document record in its author's repository (decision 0049).
    head.standardDocument
      ? `<link rel="site.standard.document" href="${escapeHtml(head.standardDocument)}">`
      : "",
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : "",
  ].join("");
}

/**
 * The whole document: template, head tags and preloads, the rendered app, the inlined data, and
 * the site's accent colours as custom properties on <html> (a style attribute: the CSP refuses
 * <style> elements).
 */
export function renderDocument(
  template: Template,
  head: string,
  appHtml: string,
  data: ShellData,
  htmlStyle: string | null = null,
): string {
  const [first, b, c, d] = template.parts;
  const styled = htmlStyle ? first.replace("<html", () => `<html style="${escapeHtml(htmlStyle)}"`) : first;
  // The site's logo is its favicon too.
  const logo = data.site.logoUrl;
  const icon = logo ? `<link rel="icon" href="${escapeHtml(logo)}">` : "";
  const hasIcon = /<link rel="icon"[^>]*>/.test(styled);
  const a = icon && hasIcon ? styled.replace(/<link rel="icon"[^>]*>/, () => icon) : styled;
  const json = `<script type="application/json" id="duet-data">${jsonForScript(data)}</script>`;
  return `${a}${icon && !hasIcon ? icon : ""}${head}${b}${appHtml}${c}${json}${d}`;
}
