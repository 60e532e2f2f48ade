/**
 * The one rule for control characters in text people type: C0 controls, DEL and C1 controls are
 * never part of a name, title or tag, and a single-line field also refuses line breaks (CR, LF and
 * Unicode's line and paragraph separators), so nothing it ends up in (a mail header, an HTML title,
 * a feed, a log line) can be split. Multi-line text keeps LF, CR and tab.
 */
export type TextProblem = "line-break" | "control";

const LINE_BREAKS = new Set([0x0a, 0x0d, 0x2028, 0x2029]);

export function textProblem(value: string, lines: boolean): TextProblem | null {
  let problem: TextProblem | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (LINE_BREAKS.has(c)) {
      if (!lines) problem = "line-break";
      continue;
    }
    if (c === 0x09 && lines) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return "control";
  }
  return problem;
}

/** The field's message for a problem: "Title must be a single line" and the like. */
export const textProblemMessage = (label: string, problem: TextProblem, end = ""): string =>
  problem === "line-break"
    ? `${label} must be a single line${end}`
    : `${label} contains characters that are not allowed${end}`;
