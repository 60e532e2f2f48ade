import type { BlueskyConnectBodySchema } from "../schemas/bluesky";
import type { Endpoint } from "./endpoint";
import type { NoData } from "./params";

// Bluesky / atproto: each author connects their own account (docs/bluesky.md, decision 0049).

/** What the Audience page shows of an author's connection: never the app password or a token. */
export interface BlueskyStatus {
  account: {
    handle: string;
    did: string;
    pdsUrl: string;
    connectedAt: string;
    /** The blog's `site.standard.publication` record, once it is in the repository. */
    publicationUri: string | null;
    /** Why the last record could not be put or deleted, or null. */
    lastError: string | null;
  } | null;
}

export const blueskyStatus: Endpoint<{ response: BlueskyStatus }> = {
  method: "GET",
  path: "/api/admin/bluesky",
};
export const blueskyConnect: Endpoint<{ body: typeof BlueskyConnectBodySchema; response: BlueskyStatus }> = {
  method: "POST",
  path: "/api/admin/bluesky",
};
export const blueskyDisconnect: Endpoint<{ body: typeof NoData; response: undefined }> = {
  method: "DELETE",
  path: "/api/admin/bluesky",
};
