import type { Endpoint } from "./endpoint";
import type { CollabParams } from "./params";

/**
 * The co-editing WebSocket of a post or page (docs/writing-together.md): y-websocket's protocol
 * after an upgrade the two authors' session cookie and our Origin opened.
 */
export const collabSocket: Endpoint<{ params: typeof CollabParams; response: null }> = {
  method: "GET",
  path: "/api/collab/:kind/:id",
};

/** What y-websocket is given as its server URL: it appends `/<kind>/<id>`, the room's name. */
export const COLLAB_SOCKET_BASE = "/api/collab";
