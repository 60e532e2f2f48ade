import type { AuthorProfile } from "../types";
import type { Endpoint } from "./endpoint";
import type { AuthorParams } from "./params";

export const authorsList: Endpoint<{ response: AuthorProfile[] }> = { method: "GET", path: "/api/authors" };

export const authorRead: Endpoint<{ params: typeof AuthorParams; response: AuthorProfile }> = {
  method: "GET",
  path: "/api/authors/:author",
};
