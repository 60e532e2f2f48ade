import type { WebmentionBodySchema } from "../schemas/webmention";
import type { Endpoint } from "./endpoint";
import type { MentionIdParams } from "./params";

// Webmention (W3C): other sites tell us they link to one of our posts (decision 0047).

/** Queued for verification: 202 with where it stands; the page that links is fetched later. */
export const webmentionReceive: Endpoint<{
  body: typeof WebmentionBodySchema;
  response: { status: "queued" };
}> = {
  method: "POST",
  path: "/api/webmention",
};

/** The post's author removes a mention from under it; it stays removed when the source sends again. */
export const webmentionRemove: Endpoint<{ params: typeof MentionIdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/webmentions/:id",
};
