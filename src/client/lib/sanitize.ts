/**
 * The second pass over post HTML (the server sanitised it on write), with the same allowlist as
 * the server (common/rules/post-html.ts): the editor's tags, spans styled with SPEC §9's fonts,
 * sizes and colours, our uploaded images with their classes, the image-pair block and safe links.
 * On the server the renderer supplies its pass (sanitize-html); in the browser DOMPurify does it,
 * loaded only when a post is rendered in the browser rather than hydrated from the server's HTML
 * (already sanitised there), so a reader's first load does not carry it (e2e/reader-budget).
 */
export type Sanitizer = (html: string) => string;

let serverSanitizer: Sanitizer | null = null;
export function setServerSanitizer(sanitize: Sanitizer): void {
  serverSanitizer = sanitize;
}

/** The server's pass (synchronous); throws when the renderer did not supply one. */
export function serverSanitizePostHtml(html: string): string {
  if (!serverSanitizer) throw new Error("No HTML sanitiser on the server");
  return serverSanitizer(html);
}

let browserSanitizer: Sanitizer | null = null;
let loading: Promise<Sanitizer> | null = null;

/** The browser's pass once loaded, else null (see loadBrowserSanitizer). */
export const loadedBrowserSanitizer = (): Sanitizer | null => browserSanitizer;

/** Load DOMPurify and the shared allowlist (once); a failed load may be tried again. */
export function loadBrowserSanitizer(): Promise<Sanitizer> {
  loading ??= Promise.all([import("dompurify"), import("../../common/rules/post-html")]).then(
    ([{ default: DOMPurify }, { purifyPostHtml }]) => {
      browserSanitizer = (html) => purifyPostHtml(DOMPurify, html);
      return browserSanitizer;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
