import type { SearchQuerySchema } from "../schemas/search";
import type { Page, SearchHit } from "../types";
import type { Endpoint } from "./endpoint";

export const search: Endpoint<{ query: typeof SearchQuerySchema; response: Page<SearchHit> }> = {
  method: "GET",
  path: "/api/search",
};
