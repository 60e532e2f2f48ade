import { BlueskyConnectBodySchema } from "../../schemas/bluesky";
import { blueskyConnect, blueskyDisconnect, blueskyStatus } from "../bluesky";
import { NoData } from "../params";
import { row } from "./contract";

const tags = ["Social web"] as const;

export const blueskyRows = [
  row(blueskyStatus, {
    who: "authors",
    summary: "The author's connected Bluesky account (never its app password)",
    tags,
    errors: ["UNAUTHORIZED", "FORBIDDEN"],
  }),
  row(blueskyConnect, {
    who: "authors",
    summary: "Connect the author's Bluesky account with a handle and an app password",
    description:
      "Resolves the handle to its PDS and signs in there first; nothing is stored when that fails. The app password is kept sealed and never answered again.",
    tags,
    body: BlueskyConnectBodySchema,
    errors: [
      "UNAUTHORIZED",
      "FORBIDDEN",
      "VALIDATION_ERROR",
      "CONFLICT",
      "BLUESKY_HANDLE_NOT_FOUND",
      "BLUESKY_LOGIN_FAILED",
      "BLUESKY_UNREACHABLE",
    ],
  }),
  row(blueskyDisconnect, {
    who: "authors",
    summary: "Disconnect the author's Bluesky account (its session ended, its app password forgotten)",
    tags,
    body: NoData,
    errors: ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"],
  }),
];
