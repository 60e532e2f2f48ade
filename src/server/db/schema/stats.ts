import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DEVICE_CLASSES, STATS_SCOPES } from "../../../common/stats";
import { blogPosts } from "./posts";

// ---- Cookie-free statistics (docs/stats.md). Counts only: no address, user agent, user id or
// cookie is ever stored. Days and hours are UTC. Every rollup is added into with
// `insert … on conflict do update set views = views + excluded.views`, so processes sharing one
// PostgreSQL never lose or double-count a view.

/**
 * The random salt of a day (Plausible's method). Deleted with that day's visitor hashes when the
 * day is rolled up, so a past day's hash can never be computed again. Never archived.
 */
export const statsSalts = pgTable("stats_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Today's distinct visitors: a truncated sha256(salt + day + address + user agent + host) per
 * hour and scope. Kept only until the day is rolled up (counts into the rollups, rows deleted).
 */
export const statsVisitorHashes = pgTable(
  "stats_visitor_hashes",
  {
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    scope: text("scope", { enum: STATS_SCOPES }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.scope, t.hash] })],
);

/** Views and visitors per hour (the 24-hour chart); kept a few days. */
export const statsHourly = pgTable(
  "stats_hourly",
  {
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    scope: text("scope", { enum: STATS_SCOPES }).notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.scope] })],
);

/** Views, visitors and finished reads per day: the 7/30/365-day charts. */
export const statsDaily = pgTable(
  "stats_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    scope: text("scope", { enum: STATS_SCOPES }).notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    /** Views of a post whose reader reached the end of the article. */
    reads: integer("reads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope] })],
);

/** Views and finished reads of one post per day (top posts, a post's own numbers). */
export const statsPostsDaily = pgTable(
  "stats_posts_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    reads: integer("reads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.postId] }), index("stats_posts_daily_post_idx").on(t.postId)],
);

/** Views per day by source: the referring site's host, or the link's utm_source. */
export const statsSourcesDaily = pgTable(
  "stats_sources_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    scope: text("scope", { enum: STATS_SCOPES }).notNull(),
    source: text("source").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope, t.source] })],
);

/** Views per day by device class, read from the user agent (which is not kept). */
export const statsDevicesDaily = pgTable(
  "stats_devices_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    scope: text("scope", { enum: STATS_SCOPES }).notNull(),
    device: text("device", { enum: DEVICE_CLASSES }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope, t.device] })],
);
