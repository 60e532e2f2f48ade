import type { BeaconBodySchema } from "../schemas/stats";
import type { Endpoint } from "./endpoint";

/** A reader's page view (docs/stats.md), sent with `navigator.sendBeacon`: always 204. */
export const statsBeacon: Endpoint<{ body: typeof BeaconBodySchema; response: undefined }> = {
  method: "POST",
  path: "/api/stats/view",
};

/** The OpenAPI 3 document of the endpoint table (docs/api.md). */
export const openApi: Endpoint<{ response: Record<string, unknown> }> = {
  method: "GET",
  path: "/api/openapi.json",
};
