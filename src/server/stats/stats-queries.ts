import { and, desc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type {
  DeviceClass,
  PostStats,
  StatsPoint,
  StatsRange,
  StatsReport,
  StatsScope,
} from "../../common/stats";
import { publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  blogPosts,
  comments,
  followers,
  postLikes,
  postPairs,
  statsDaily,
  statsDevicesDaily,
  statsHourly,
  statsPostsDaily,
  statsSourcesDaily,
  statsVisitorHashes,
} from "../db/schema";
import { utcDay, utcHour } from "./visitor";

const RANGE_DAYS: Record<Exclude<StatsRange, "24h">, number> = { "7d": 7, "30d": 30, "365d": 365 };
const TOP = 10;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The buckets of a range, oldest first: 24 hours ending with the current one, or N days ending today. */
function bucketsOf(range: StatsRange, now: Date): { bucket: "hour" | "day"; keys: string[]; start: Date } {
  if (range === "24h") {
    const last = new Date(utcHour(now)).getTime();
    const keys = Array.from({ length: 24 }, (_, i) => utcHour(new Date(last - (23 - i) * HOUR_MS)));
    return { bucket: "hour", keys, start: new Date(keys[0]!) };
  }
  const today = new Date(`${utcDay(now)}T00:00:00.000Z`).getTime();
  const n = RANGE_DAYS[range];
  const keys = Array.from({ length: n }, (_, i) => utcDay(new Date(today - (n - 1 - i) * DAY_MS)));
  return { bucket: "day", keys, start: new Date(`${keys[0]}T00:00:00.000Z`) };
}

/** A timestamp column as its bucket's key, in UTC. */
const bucketKey = (bucket: "hour" | "day", column: SQL | unknown): SQL =>
  bucket === "hour"
    ? sql`to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`
    : sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

async function countBy(db: Db, query: SQL): Promise<Map<string, number>> {
  const rows = rowsOf<{ t: string; n: number | string }>(await db.execute(query));
  return new Map(rows.map((r) => [r.t, Number(r.n)]));
}

/** The studio's numbers for one blog (or both) over a range. */
export async function readStats(
  db: Db,
  scope: StatsScope,
  range: StatsRange,
  now: Date,
  /** The reading author: their own unpublished posts keep their place in Top posts. */
  viewerAuthor: AuthorKey | null,
): Promise<StatsReport> {
  const { bucket, keys, start } = bucketsOf(range, now);
  const startDay = utcDay(start);
  const ofAuthor = (column: unknown) => (scope === "both" ? sql`true` : sql`${column} = ${scope}`);

  const views = new Map<string, { views: number; visitors: number }>();
  if (bucket === "hour") {
    const rows = await db
      .select()
      .from(statsHourly)
      .where(and(eq(statsHourly.scope, scope), gte(statsHourly.hour, start)));
    for (const r of rows) views.set(r.hour.toISOString(), { views: r.views, visitors: r.visitors });
  } else {
    const rows = await db
      .select()
      .from(statsDaily)
      .where(and(eq(statsDaily.scope, scope), gte(statsDaily.day, startDay)));
    for (const r of rows) views.set(r.day, { views: r.views, visitors: r.visitors });
  }
  // Days not rolled up yet: their visitors are counted from the hashes kept until then.
  const h = statsVisitorHashes;
  const live = await countBy(
    db,
    sql`select ${bucketKey(bucket, h.hour)} as t, count(distinct ${h.hash}) as n from ${h}
      where ${h.scope} = ${scope} and ${h.hour} >= ${start} group by 1`,
  );
  const likes = await countBy(
    db,
    sql`select ${bucketKey(bucket, postLikes.timestamp)} as t, count(*) as n from ${postLikes}
      join ${blogPosts} on ${blogPosts.id} = ${postLikes.postId}
      where ${postLikes.timestamp} >= ${start} and ${ofAuthor(blogPosts.author)} group by 1`,
  );
  const commentCounts = await countBy(
    db,
    sql`select ${bucketKey(bucket, comments.timestamp)} as t, count(*) as n from ${comments}
      join ${blogPosts} on ${blogPosts.id} = ${comments.postId}
      where ${comments.timestamp} >= ${start} and ${comments.status} = 'published'
        and ${comments.deletedAt} is null and ${ofAuthor(blogPosts.author)} group by 1`,
  );
  const follows = await countBy(
    db,
    sql`select ${bucketKey(bucket, followers.confirmedAt)} as t, count(*) as n from ${followers}
      where ${followers.confirmedAt} >= ${start} and ${ofAuthor(followers.author)} group by 1`,
  );

  const series: StatsPoint[] = keys.map((t) => ({
    t,
    views: views.get(t)?.views ?? 0,
    visitors: (views.get(t)?.visitors ?? 0) + (live.get(t) ?? 0),
    likes: likes.get(t) ?? 0,
    comments: commentCounts.get(t) ?? 0,
    followers: follows.get(t) ?? 0,
  }));
  const sum = (k: keyof Omit<StatsPoint, "t">) => series.reduce((n, p) => n + p[k], 0);

  const [readRow] = await db
    .select({ reads: sql<string>`coalesce(sum(${statsDaily.reads}), 0)` })
    .from(statsDaily)
    .where(and(eq(statsDaily.scope, scope), gte(statsDaily.day, startDay)));
  const postViews = sql<string>`sum(${statsPostsDaily.views})`;
  const topPosts = await db
    .select({
      postId: statsPostsDaily.postId,
      title: blogPosts.title,
      author: blogPosts.author,
      views: postViews,
      reads: sql<string>`sum(${statsPostsDaily.reads})`,
    })
    .from(statsPostsDaily)
    .innerJoin(blogPosts, eq(blogPosts.id, statsPostsDaily.postId))
    .where(
      and(
        gte(statsPostsDaily.day, startDay),
        ofAuthor(blogPosts.author),
        // A post back to draft (or scheduled again) is its author's alone, title included.
        viewerAuthor ? or(publicPostsWhere(now), eq(blogPosts.author, viewerAuthor)) : publicPostsWhere(now),
      ),
    )
    .groupBy(statsPostsDaily.postId, blogPosts.title, blogPosts.author)
    .orderBy(desc(postViews), statsPostsDaily.postId)
    .limit(TOP);
  const sourceViews = sql<string>`sum(${statsSourcesDaily.views})`;
  const sources = await db
    .select({ source: statsSourcesDaily.source, views: sourceViews })
    .from(statsSourcesDaily)
    .where(and(eq(statsSourcesDaily.scope, scope), gte(statsSourcesDaily.day, startDay)))
    .groupBy(statsSourcesDaily.source)
    .orderBy(desc(sourceViews), statsSourcesDaily.source)
    .limit(TOP);
  const deviceViews = sql<string>`sum(${statsDevicesDaily.views})`;
  const devices = await db
    .select({ device: statsDevicesDaily.device, views: deviceViews })
    .from(statsDevicesDaily)
    .where(and(eq(statsDevicesDaily.scope, scope), gte(statsDevicesDaily.day, startDay)))
    .groupBy(statsDevicesDaily.device)
    .orderBy(desc(deviceViews), statsDevicesDaily.device);

  return {
    scope,
    range,
    bucket,
    series,
    totals: {
      views: sum("views"),
      visitors: sum("visitors"),
      likes: sum("likes"),
      comments: sum("comments"),
      followers: sum("followers"),
      reads: Number(readRow?.reads ?? 0),
    },
    topPosts: topPosts.map((p) => ({ ...p, views: Number(p.views), reads: Number(p.reads) })),
    sources: sources.map((s) => ({ source: s.source, views: Number(s.views) })),
    devices: devices.map((d) => ({ device: d.device as DeviceClass, views: Number(d.views) })),
  };
}

/** Views and finished reads of each asked post since counting began (the Posts list, the post page). */
export async function readPostStats(db: Db, ids: string[]): Promise<PostStats[]> {
  const rows = await db
    .select({
      postId: statsPostsDaily.postId,
      views: sql<string>`sum(${statsPostsDaily.views})`,
      reads: sql<string>`sum(${statsPostsDaily.reads})`,
    })
    .from(statsPostsDaily)
    .where(inArray(statsPostsDaily.postId, ids))
    .groupBy(statsPostsDaily.postId);
  const byId = new Map(rows.map((r) => [r.postId, r]));
  const pairs = await pairTotals(db, ids);
  return [...new Set(ids)].map((postId) => ({
    postId,
    views: Number(byId.get(postId)?.views ?? 0),
    reads: Number(byId.get(postId)?.reads ?? 0),
    ...(pairs.has(postId) ? { pair: pairs.get(postId) } : {}),
  }));
}

/** Of these posts, each take of a revealed pair with both takes' numbers together. */
async function pairTotals(db: Db, ids: string[]): Promise<Map<string, { views: number; reads: number }>> {
  const result = await db.execute(sql`
    select asked.id as "postId", coalesce(sum(d.views), 0)::int as views, coalesce(sum(d.reads), 0)::int as reads
    from ${blogPosts} asked
    join ${postPairs} pair on pair.id = asked.pair_id and pair.state = 'revealed'
    join ${blogPosts} take on take.pair_id = pair.id
    left join ${statsPostsDaily} d on d.post_id = take.id
    where asked.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by asked.id`);
  const rows = rowsOf<{ postId: string; views: number; reads: number }>(result);
  return new Map(rows.map((r) => [r.postId, { views: Number(r.views), reads: Number(r.reads) }]));
}
