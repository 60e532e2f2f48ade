/**
 * WordPress post HTML made readable for the editor's allowlist: paragraphs where WordPress adds
 * them on display (wpautop), and shortcodes that would otherwise show as bracketed text.
 */

const BLOCK =
  /^<\/?(p|div|h[1-6]|blockquote|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|pre|figure|figcaption|hr|address|section|article|aside|header|footer|cite)\b/i;

/**
 * Classic content (no block editor markup) is text whose blank lines are paragraphs and single
 * line breaks `<br>`, with block tags kept as written.
 */
export function autop(html: string): string {
  if (html.includes("<!-- wp:")) return html;
  const out: string[] = [];
  for (const chunk of html.split(/\n\s*\n/)) {
    let inline: string[] = [];
    const flush = () => {
      if (inline.length > 0) out.push(`<p>${inline.join("<br>")}</p>`);
      inline = [];
    };
    for (const raw of chunk.split("\n")) {
      const text = raw.trim();
      if (!text) continue;
      if (BLOCK.test(text) || /<\/(p|div|h[1-6]|blockquote|ul|ol|li|table|tr|pre|figure)>$/i.test(text)) {
        flush();
        out.push(text);
      } else inline.push(text);
    }
    flush();
  }
  return out.join("");
}

/**
 * `[caption]…[/caption]` keeps what it holds (the image and its caption); media and layout
 * shortcodes the editor has no block for are left out (docs/moving.md "From WordPress").
 */
export function stripShortcodes(html: string): string {
  return html
    .replace(/\[(caption|wp_caption)\b[^\]]*\]([\s\S]*?)\[\/\1\]/gi, "$2")
    .replace(/\[(embed|video|audio)\b[^\]]*\][\s\S]*?\[\/\1\]/gi, "")
    .replace(/\[\/?(gallery|playlist|audio|video|embed)\b[^\]]*\]/gi, "");
}
