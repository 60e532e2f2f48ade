import { z } from "zod";
import { PAIR_PROMPT_MAX_LENGTH, PAIR_TOPIC_MAX_LENGTH } from "../limits";
import { strictBody } from "./body";
import { singleLine } from "./text";

export const TAKES_MESSAGES = {
  topicRequired: "Topic is required",
  topicTooLong: `Topic must be at most ${PAIR_TOPIC_MAX_LENGTH} characters`,
  promptTooLong: `Prompt must be at most ${PAIR_PROMPT_MAX_LENGTH} characters`,
  revealAt: "revealAt must be a date and time with its zone (ISO 8601)",
  sealed: "A take stays a draft until both takes are revealed together.",
} as const;

/**
 * POST /api/takes — start a two-takes post (docs/decisions/0046-two-takes.md): the shared title,
 * an optional prompt, an optional reveal date. Whether the date lies ahead is the server's check.
 */
export const ProposePairSchema = strictBody({
  topic: z
    .string({ error: TAKES_MESSAGES.topicRequired })
    .trim()
    .min(1, TAKES_MESSAGES.topicRequired)
    .max(PAIR_TOPIC_MAX_LENGTH, TAKES_MESSAGES.topicTooLong)
    .superRefine(singleLine("Topic")),
  prompt: z
    .string({ error: "Prompt must be text" })
    .trim()
    .max(PAIR_PROMPT_MAX_LENGTH, TAKES_MESSAGES.promptTooLong)
    .superRefine(singleLine("Prompt"))
    .default(""),
  revealAt: z.iso.datetime({ offset: true, error: TAKES_MESSAGES.revealAt }).nullable().default(null),
});
