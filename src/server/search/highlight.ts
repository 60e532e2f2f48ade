import { randomBytes } from "node:crypto";
import { decodeEntities } from "../../common/rules/excerpt";
import type { TextPart } from "../../common/types";

/**
 * ts_headline marks the found words with start and stop strings and returns the rest of the text
 * as it was stored (post text is sanitised HTML, so it may carry entities). Nothing of it is ever
 * rendered as HTML: the marks are random per search, so no stored text can forge one, and the
 * text between them becomes plain parts the page renders as text.
 */
export interface Marks {
  start: string;
  stop: string;
}

/** Letters and digits only: ts_headline's option string needs no quoting for them. */
export const newMarks = (): Marks => {
  const token = randomBytes(9).toString("hex");
  return { start: `hs${token}`, stop: `he${token}` };
};

/** ts_headline's options with these marks (numbers are ours, never input). */
export const headlineOptions = (marks: Marks, extra: string): string =>
  `StartSel=${marks.start},StopSel=${marks.stop},${extra}`;

/** The marked text as parts: entities decoded, whitespace collapsed, empty parts dropped. */
export function splitMarks(marked: string, marks: Marks): TextPart[] {
  const parts: TextPart[] = [];
  const push = (raw: string, match: boolean) => {
    const text = decodeEntities(raw).replace(/\s+/g, " ");
    if (!text) return;
    const last = parts[parts.length - 1];
    const before = parts[parts.length - 2];
    // Found words separated only by spaces read as one mark (a phrase), like neighbouring text.
    if (match && last && !last.match && last.text.trim() === "" && before?.match) {
      parts.pop();
      before.text += last.text + text;
    } else if (last && !!last.match === match) last.text += text;
    else parts.push(match ? { text, match: true } : { text });
  };
  for (const [i, piece] of marked.split(marks.start).entries()) {
    if (i === 0) {
      push(piece, false);
      continue;
    }
    const stop = piece.indexOf(marks.stop);
    if (stop < 0) push(piece, true);
    else {
      push(piece.slice(0, stop), true);
      push(piece.slice(stop + marks.stop.length), false);
    }
  }
  const first = parts[0];
  if (first) first.text = first.text.trimStart();
  const last = parts[parts.length - 1];
  if (last) last.text = last.text.trimEnd();
  return parts.filter((p) => p.text !== "");
}
