import { BeaconBodySchema } from "../../schemas/stats";
import { openApi, statsBeacon } from "../meta";
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
  row(statsBeacon, {
    who: "anyone",
    summary: "Count a page view",
    description:
      "What the reader pages send with navigator.sendBeacon (JSON, or the same JSON as text/plain). " +
      "Answers 204 with no body; bots and Do-Not-Track or Global Privacy Control requests are not counted.",
    tags: ["Meta"],
    body: BeaconBodySchema,
    errors: ["VALIDATION_ERROR", "TOO_MANY_REQUESTS", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"],
  }),
];
