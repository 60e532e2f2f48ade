import type { Endpoint } from "../endpoint";
import { adminRows } from "./admin";
import { audienceRows } from "./audience";
import { blueskyRows } from "./bluesky";
import { commentRows } from "./comments";
import type { AnyContract } from "./contract";
import { fediverseRows } from "./fediverse";
import { metaRows } from "./meta";
import { notesRows } from "./notes";
import { readRows } from "./reads";
import { studioRows } from "./studio";
import { takesRows } from "./takes";
import { webmentionRows } from "./webmention";
import { writeRows } from "./writes";

export type { AnyContract } from "./contract";
export { errorResponses } from "./errors";

/** Every endpoint's contract (server and OpenAPI only: the client imports no zod). */
export const contracts: ReadonlyMap<Endpoint, AnyContract> = new Map<Endpoint, AnyContract>([
  ...readRows,
  ...commentRows,
  ...writeRows,
  ...studioRows,
  ...takesRows,
  ...notesRows,
  ...adminRows,
  ...audienceRows,
  ...fediverseRows,
  ...metaRows,
  ...webmentionRows,
  ...blueskyRows,
]);
