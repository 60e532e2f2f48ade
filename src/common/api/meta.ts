import type { Endpoint } from "./endpoint";

/** The OpenAPI 3 document of the endpoint table (docs/api.md). */
export const openApi: Endpoint<{ response: Record<string, unknown> }> = {
  method: "GET",
  path: "/api/openapi.json",
};
