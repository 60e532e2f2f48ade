import { WebmentionBodySchema } from "../../schemas/webmention";
import { MentionIdParams } from "../params";
import { webmentionReceive, webmentionRemove } from "../webmention";
import { row } from "./contract";

export const webmentionRows = [
  row(webmentionReceive, {
    who: "anyone",
    summary: "Receive a Webmention (W3C): form-encoded source and target",
    description:
      "The target must be one of our public posts. Answers 202 at once; the source is fetched and verified afterwards.",
    tags: ["Social web"],
    body: WebmentionBodySchema,
    errors: ["VALIDATION_ERROR", "BAD_REQUEST", "TOO_MANY_REQUESTS"],
  }),
  row(webmentionRemove, {
    who: "authors",
    summary: "Remove a mention from under a post (the post's author)",
    description: "It is no longer shown, and stays removed when its source sends it again.",
    tags: ["Social web"],
    params: MentionIdParams,
    paramsNotFound: "Mention not found",
    errors: ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"],
  }),
];
