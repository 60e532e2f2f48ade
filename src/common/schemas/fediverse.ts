import { z } from "zod";
import { strictBody } from "./body";

/** What Mastodon accepts as a username: letters, digits and underscores, at most 30. */
export const HANDLE_MESSAGE = "A handle is 1 to 30 letters, digits or underscores.";

export const FediverseHandleBodySchema = strictBody({
  handle: z
    .string({ message: HANDLE_MESSAGE })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,30}$/, HANDLE_MESSAGE),
});

export const HOST_MESSAGE = "Give the server's host name, like mastodon.example.";
/** A host name (with an optional port), as it appears in an account's address. */
export const FediverseHostSchema = z
  .string({ message: HOST_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, HOST_MESSAGE)
  .max(253, HOST_MESSAGE)
  .regex(/^[a-z0-9.-]+(?::\d{1,5})?$/, HOST_MESSAGE);

export const BlockServerBodySchema = strictBody({ host: FediverseHostSchema });

export const FediverseFollowersQuerySchema = strictBody({
  cursor: z
    .string({ message: "cursor must be a number." })
    .regex(/^\d{1,9}$/, "cursor must be a number.")
    .optional(),
});

export const FediverseSettingsBodySchema = strictBody({
  approveFollowers: z.boolean({ message: "approveFollowers must be true or false." }),
});

const ACTOR_MESSAGE = "Give the follower's account address (an https URL).";
/** The person a held Follow came from: their actor id, as the follow requests list gives it. */
export const FollowRequestBodySchema = strictBody({
  actorId: z
    .string({ message: ACTOR_MESSAGE })
    .max(2000, ACTOR_MESSAGE)
    .refine((value) => URL.canParse(value) && /^https?:/.test(value), ACTOR_MESSAGE),
});
