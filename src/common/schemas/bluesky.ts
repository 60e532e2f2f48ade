import { z } from "zod";
import { strictBody } from "./body";

export const BLUESKY_HANDLE_MESSAGE = "Give your Bluesky handle, like alice.bsky.social.";
export const APP_PASSWORD_MESSAGE =
  "Give an app password (like abcd-efgh-ijkl-mnop), made in Bluesky's Settings → Privacy and security → App passwords; never your account password.";

/**
 * Connecting an author's Bluesky account: the handle (or DID) and an app password. Only the app
 * password's shape is taken, so an account's own password is never sent, let alone kept.
 */
export const BlueskyConnectBodySchema = strictBody({
  handle: z
    .string({ message: BLUESKY_HANDLE_MESSAGE })
    .trim()
    .min(1, BLUESKY_HANDLE_MESSAGE)
    .max(253, BLUESKY_HANDLE_MESSAGE)
    .regex(/^@?[A-Za-z0-9.:%-]+$/, BLUESKY_HANDLE_MESSAGE),
  appPassword: z
    .string({ message: APP_PASSWORD_MESSAGE })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/, APP_PASSWORD_MESSAGE),
});
