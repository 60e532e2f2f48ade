import { z } from "zod";
import { AUTHORS, PAIR_STATES } from "../../limits";
import { ProposePairSchema } from "../../schemas/takes";
import type { PostPair } from "../../takes";
import { IdParams, NoData } from "../params";
import { pairAccept, pairDecline, pairPropose, pairReady, pairsList, pairUnready } from "../takes";
import { row } from "./contract";

const tags = ["Studio"] as const;
const forbidden = "Only the two authors can write two-takes posts.";
const WRITE = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;
const ANSWER = [...WRITE, "NOT_FOUND", "CONFLICT"] as const;
const time = () => z.string().describe("An ISO 8601 instant.");

const TakeStateSchema = z.enum(["not started", "writing", "ready"]);

const PostPairSchema: z.ZodType<PostPair> = z.object({
  id: z.string(),
  topic: z.string().describe("The shared title."),
  prompt: z.string(),
  revealAt: time().nullable(),
  state: z.enum(PAIR_STATES),
  proposedBy: z.enum(AUTHORS),
  createdAt: time(),
  decidedAt: time().nullable(),
  revealedAt: time().nullable(),
  waitingForMe: z.boolean().describe("A proposal the signed-in author has yet to answer."),
  revealDatePassed: z
    .boolean()
    .describe("The reveal date has passed and a take is not ready: it is revealed once both are."),
  takes: z.object({ him: TakeStateSchema, her: TakeStateSchema }),
  myTakeId: z.string().nullable().describe("The signed-in author's own take (a post id)."),
});

/** Two takes (docs/decisions/0046-two-takes.md): the authors' calls, `who` checked first. */
export const takesRows = [
  row(pairsList, {
    who: "authors",
    forbidden,
    summary: "Every two-takes post, newest first, with the proposals waiting for this author",
    tags,
    response: z.array(PostPairSchema),
    errors: ["UNAUTHORIZED", "FORBIDDEN"],
  }),
  row(pairPropose, {
    who: "authors",
    forbidden,
    summary: "Propose a two-takes post to the other author",
    tags,
    body: ProposePairSchema,
    response: PostPairSchema,
    errors: WRITE,
  }),
  row(pairAccept, {
    who: "authors",
    forbidden,
    summary: "Accept the other author's proposal",
    tags,
    params: IdParams,
    paramsNotFound: "Two-takes post not found",
    body: NoData,
    response: PostPairSchema,
    errors: ANSWER,
  }),
  row(pairDecline, {
    who: "authors",
    forbidden,
    summary: "Decline the other author's proposal",
    tags,
    params: IdParams,
    paramsNotFound: "Two-takes post not found",
    body: NoData,
    response: PostPairSchema,
    errors: ANSWER,
  }),
  row(pairReady, {
    who: "authors",
    forbidden,
    summary: "Mark your own take ready (both ready: the reveal)",
    tags,
    params: IdParams,
    paramsNotFound: "Two-takes post not found",
    body: NoData,
    response: PostPairSchema,
    errors: ANSWER,
  }),
  row(pairUnready, {
    who: "authors",
    forbidden,
    summary: "Take your own take back from ready, before the reveal",
    tags,
    params: IdParams,
    paramsNotFound: "Two-takes post not found",
    body: NoData,
    response: PostPairSchema,
    errors: ANSWER,
  }),
];
