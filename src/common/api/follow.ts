import type { Following, FollowResult } from "../audience";
import type { AuthorKey } from "../limits";
import type { ConfirmFollowBodySchema, FollowBodySchema, TokenQuerySchema } from "../schemas/follow";
import type { Endpoint } from "./endpoint";

// Following a blog by email: the reader's side (the follow box under every post). Kept apart
// from the Audience page's endpoints so the reader's first load carries only these.

export const follow: Endpoint<{ body: typeof FollowBodySchema; response: FollowResult }> = {
  method: "POST",
  path: "/api/follow",
};
export const followConfirm: Endpoint<{ body: typeof ConfirmFollowBodySchema; response: Following }> = {
  method: "POST",
  path: "/api/follow/confirm",
};
export const following: Endpoint<{ response: Following }> = { method: "GET", path: "/api/follow" };
export const followStats: Endpoint<{ response: { followers: number } }> = {
  method: "GET",
  path: "/api/follow/stats",
};
/** Also the one-click target of mail clients (List-Unsubscribe-Post): cross-site allowed. */
export const followUnsubscribe: Endpoint<{
  query: typeof TokenQuerySchema;
  response: { unsubscribed: AuthorKey };
}> = { method: "POST", path: "/api/follow/unsubscribe" };
