import type { z } from "zod";
import { textProblem, textProblemMessage } from "../rules/control-characters";

/**
 * The control-character rule (rules/control-characters.ts) as a zod check, for every field people
 * type: `.superRefine(plainText("Title", { lines: false }))`. `end` is the field's own message
 * punctuation (the post form's messages have no full stop; settings and contact do).
 */
export const plainText =
  (label: string, { lines, end = "" }: { lines: boolean; end?: string }) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const problem = textProblem(value, lines);
    if (problem) ctx.addIssue({ code: "custom", message: textProblemMessage(label, problem, end) });
  };

/** A single-line field: no line breaks, no other control characters. */
export const singleLine = (label: string, end = "") => plainText(label, { lines: false, end });
