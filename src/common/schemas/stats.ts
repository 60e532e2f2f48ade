import { z } from "zod";
import {
  BEACON_PATH_MAX_LENGTH,
  REFERRER_HOST_MAX_LENGTH,
  STATS_POST_IDS_MAX,
  STATS_RANGES,
  STATS_SCOPES,
  UTM_SOURCE_MAX_LENGTH,
} from "../stats";
import { strictBody } from "./body";
import { UUID_PATTERN } from "./id";

// The statistics contract (docs/stats.md): what a beacon may carry and what the studio may ask.

/** A host name as URL parsing leaves it (lower-case letters, digits, dots, hyphens; a port). */
const HOST_PATTERN = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/** `navigator.sendBeacon` sends a string as text/plain: read it as the JSON text it is. */
const jsonText = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // not an object: refused with the body's own message
  }
};

/**
 * One beacon: `p` the page's path (no query), `r` the referring site's host, `u` the link's
 * utm_source, `e: 1` "the reader reached the end of this post".
 */
export const BeaconSchema = strictBody({
  p: z
    .string({ error: "p must be a path." })
    .max(BEACON_PATH_MAX_LENGTH, "p is too long.")
    .regex(/^\/[^?#\s]*$/, "p must be a path."),
  r: z
    .string({ error: "r must be a host name." })
    .max(REFERRER_HOST_MAX_LENGTH, "r is too long.")
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(HOST_PATTERN, "r must be a host name."))
    .or(z.literal(""))
    .optional(),
  // utm_source is free text in links: kept as a short lower-case word (never as it came).
  u: z
    .string({ error: "u must be text." })
    .max(UTM_SOURCE_MAX_LENGTH * 4, "u is too long.")
    .transform((v) =>
      v
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, "-")
        .slice(0, UTM_SOURCE_MAX_LENGTH),
    )
    .optional(),
  e: z.literal(1, { error: "e must be 1." }).optional(),
});

export const StatsQuerySchema = z.strictObject({
  scope: z.enum(STATS_SCOPES, { error: "scope must be him, her or both." }).optional(),
  range: z.enum(STATS_RANGES, { error: "range must be 24h, 7d, 30d or 365d." }).default("7d"),
});

/** `?ids=a,b,c`: the posts of one page of the Posts list. */
export const PostStatsQuerySchema = z.strictObject({
  ids: z
    .string({ error: "ids must be a comma-separated list of post ids." })
    .max(STATS_POST_IDS_MAX * 37, `Ask for at most ${STATS_POST_IDS_MAX} posts.`)
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(UUID_PATTERN, "ids must be a comma-separated list of post ids."))
        .min(1, "ids must be a comma-separated list of post ids.")
        .max(STATS_POST_IDS_MAX, `Ask for at most ${STATS_POST_IDS_MAX} posts.`),
    ),
});

/** The beacon's body as it arrives: JSON, or the same object as text/plain JSON text. */
export const BeaconBodySchema = z.preprocess(jsonText, BeaconSchema);
