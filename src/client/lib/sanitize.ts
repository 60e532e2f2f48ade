import DOMPurify from "dompurify";
import { purifyPostHtml } from "../../common/rules/post-html";

/** On the server (no DOM) the renderer supplies its own pass with the same allowlist. */
let serverSanitizer: ((html: string) => string) | null = null;
export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * The browser's second pass over post HTML (the server sanitised it on write), with the same
 * allowlist as the server (common/rules/post-html.ts): the editor's tags, spans styled with
 * SPEC §9's fonts, sizes and colours, our uploaded images with their classes, the image-pair
 * block and safe links.
 */
export function sanitizePostHtml(html: string): string {
  if (typeof window === "undefined") {
    if (!serverSanitizer) throw new Error("No HTML sanitiser on the server");
    return serverSanitizer(html);
  }
  return purifyPostHtml(DOMPurify, html);
}
