import { openApi } from "../meta";
import { row } from "./contract";

export const metaRows = [
  row(openApi, {
    who: "anyone",
    summary: "This document",
    description: "The OpenAPI 3 description of the endpoint table, generated from it.",
    tags: ["Meta"],
    content: true,
    errors: [],
  }),
];
