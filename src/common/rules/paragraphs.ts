/**
 * Writing without tags: in the content text, a blank line starts a new paragraph and a
 * single line break is kept. The preview and the save both go through this, so what is published
 * is what the preview showed.
 *
 * A chunk (text between blank lines) that starts with a block tag is HTML the author wrote and
 * passes as it is; an image marker on a line of its own is a block of its own; every other run of
 * lines becomes `<p>` with `<br>` between its lines.
 */
const BLOCK_START = /^<(p|h2|h3|blockquote|ul|div|figure)[\s>]/i;
const MARKER_LINE =
  /^\[(IMAGE:[A-Za-z0-9_-]{1,64}|PAIRED:[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,64}|GALLERY:(?:[A-Za-z0-9_-]{1,64}:){2,11}[A-Za-z0-9_-]{1,64})\]$/;

export const isBlockHtml = (chunk: string) => BLOCK_START.test(chunk.trimStart());
export const isMarkerLine = (line: string) => MARKER_LINE.test(line.trim());

export function paragraphsFromText(text: string): string {
  const out: string[] = [];
  const chunks = text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/);
  for (const raw of chunks) {
    const chunk = raw.replace(/^\n+|\n+$/g, "");
    if (chunk.trim() === "") continue;
    if (isBlockHtml(chunk)) {
      out.push(chunk.trim());
      continue;
    }
    let lines: string[] = [];
    const flush = () => {
      if (lines.some((l) => l.trim() !== "")) out.push(`<p>${lines.join("<br>")}</p>`);
      lines = [];
    };
    for (const line of chunk.split("\n")) {
      if (isMarkerLine(line)) {
        flush();
        out.push(line.trim());
      } else lines.push(line);
    }
    flush();
  }
  return out.join("\n");
}
