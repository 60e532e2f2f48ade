import DOMPurify from "dompurify";
import { purifyPostHtml } from "../../common/rules/post-html";

/**
 * The browser's second pass over post HTML (the server sanitised it on write), with the same
 * allowlist as the server (common/rules/post-html.ts): the editor's tags, spans styled with
 * SPEC §9's fonts, sizes and colours, our uploaded images with their classes, the image-pair
 * block and safe links.
 */
export function sanitizePostHtml(html: string): string {
  return purifyPostHtml(DOMPurify, html);
}
