import { randomBytes } from "node:crypto";
import { and, inArray, lt, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AuthorKey } from "../../common/limits";
import type { DeviceClass, StatsScope } from "../../common/stats";
import { publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import {
  blogPosts,
  statsDaily,
  statsDevicesDaily,
  statsHourly,
  statsPostsDaily,
  statsSalts,
  statsSourcesDaily,
  statsVisitorHashes,
} from "../db/schema";
import type { StatsBatch, StatsTarget } from "./stats-batch";
import { visitorHash } from "./visitor";

/** Rows per insert statement (well under PostgreSQL's parameter limit). */
const CHUNK = 2_000;
/** Visitor rows per statement: three array parameters, however many rows. */
const VISITOR_CHUNK = 20_000;
/** Hourly rows are kept for the 24-hour chart (and a margin); days are kept for good. */
const HOURLY_KEEP_MS = 3 * 24 * 3600_000;
/**
 * A finished day is rolled up this long after midnight, once every process has flushed its
 * views of that day (they flush every minute): its hashes counted, then deleted with its salt.
 */
export const ROLLUP_GRACE_MS = 3 * 60_000;

const POST_PREFIX = "post:";
const BLOG_SCOPES: Record<string, AuthorKey> = { hisBlog: "him", herBlog: "her" };

const add = <T>(map: Map<string, T & { n: number }>, key: string, row: T, n: number) => {
  const had = map.get(key);
  if (had) had.n += n;
  else map.set(key, { ...row, n });
};
/** Rows in key order: processes upserting the same rows lock them in the same order (no deadlock). */
const sorted = <T>(map: Map<string, T>): T[] =>
  [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);

async function insertChunks(rows: unknown[], insert: (chunk: never[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK) as never[]);
}

/** `views = views + excluded.views` (and the like) for each named column. */
const addExcluded = (table: PgTable, columns: string[]) =>
  Object.fromEntries(
    columns.map((c) => {
      const column = (table as unknown as Record<string, { name: string }>)[c]!;
      return [c, sql`${column} + excluded.${sql.identifier(column.name)}`];
    }),
  );

/** Today's salt (made once, shared by every process through the database). */
async function saltsFor(db: Db, days: string[]): Promise<Map<string, string>> {
  if (days.length === 0) return new Map();
  await db
    .insert(statsSalts)
    .values(days.map((day) => ({ day, salt: randomBytes(32).toString("hex") })))
    .onConflictDoNothing();
  const rows = await db.select().from(statsSalts).where(inArray(statsSalts.day, days));
  return new Map(rows.map((r) => [r.day, r.salt]));
}

/**
 * Add one process's batch into the rollups, in one transaction: every view lands once or (on
 * failure) not at all, and the caller keeps the batch to try again.
 */
export async function writeBatch(db: Db, batch: StatsBatch, host: string, now: Date): Promise<void> {
  const postIds = new Set<string>();
  for (const key of [...batch.views.keys(), ...batch.reads.keys()]) {
    const target = key.slice(key.indexOf("|") + 1);
    if (target.startsWith(POST_PREFIX)) postIds.add(target.slice(POST_PREFIX.length));
  }
  await db.transaction(async (tx) => {
    const authors = new Map<string, AuthorKey>();
    if (postIds.size > 0) {
      const rows = await tx
        .select({ id: blogPosts.id, author: blogPosts.author })
        .from(blogPosts)
        .where(and(inArray(blogPosts.id, [...postIds]), publicPostsWhere(now)));
      for (const r of rows) authors.set(r.id, r.author);
    }
    // Only public posts are read, so only their views count (a beacon naming a draft is not a
    // reader's); a post deleted since its view was counted takes its views with it.
    const scopesOf = (target: StatsTarget): StatsScope[] | null => {
      if (target.startsWith(POST_PREFIX)) {
        const author = authors.get(target.slice(POST_PREFIX.length));
        return author ? ["both", author] : null;
      }
      const author = BLOG_SCOPES[target];
      return author ? ["both", author] : ["both"];
    };
    const split = (key: string) => {
      const [time, target, extra] = key.split("|") as [string, string, string | undefined];
      const postId = target.startsWith(POST_PREFIX) ? target.slice(POST_PREFIX.length) : null;
      return { time, target, extra, postId, scopes: scopesOf(target) };
    };

    const hourly = new Map<string, { hour: string; scope: StatsScope; n: number }>();
    const daily = new Map<string, { day: string; scope: StatsScope; n: number; reads: number }>();
    const posts = new Map<string, { day: string; postId: string; n: number; reads: number }>();
    for (const [kind, map] of [
      ["views", batch.views],
      ["reads", batch.reads],
    ] as const) {
      for (const [key, n] of map) {
        const { time: hour, postId, scopes } = split(key);
        if (!scopes) continue;
        const day = hour.slice(0, 10);
        const views = kind === "views" ? n : 0;
        const reads = kind === "reads" ? n : 0;
        for (const scope of scopes) {
          if (views) add(hourly, `${hour}|${scope}`, { hour, scope }, views);
          add(daily, `${day}|${scope}`, { day, scope, reads: 0 }, views);
          daily.get(`${day}|${scope}`)!.reads += reads;
        }
        if (postId) {
          add(posts, `${day}|${postId}`, { day, postId, reads: 0 }, views);
          posts.get(`${day}|${postId}`)!.reads += reads;
        }
      }
    }
    const sources = new Map<string, { day: string; scope: StatsScope; source: string; n: number }>();
    for (const [key, n] of batch.sources) {
      const { time: day, extra: source, scopes } = split(key);
      for (const scope of scopes ?? [])
        add(sources, `${day}|${scope}|${source}`, { day, scope, source: source! }, n);
    }
    const devices = new Map<string, { day: string; scope: StatsScope; device: DeviceClass; n: number }>();
    for (const [key, n] of batch.devices) {
      const { time: day, extra, scopes } = split(key);
      const device = extra as DeviceClass;
      for (const scope of scopes ?? []) add(devices, `${day}|${scope}|${device}`, { day, scope, device }, n);
    }
    // A day gets a salt only when one of its visitors is counted.
    const counted = [...batch.visitors].flatMap(([key, visitors]) => {
      const { time: hour, scopes } = split(key);
      return scopes ? [{ hour, scopes, visitors }] : [];
    });
    const salts = await saltsFor(tx, [...new Set(counted.map((c) => c.hour.slice(0, 10)))].sort());
    const hashes = new Map<string, { hour: string; scope: StatsScope; hash: string }>();
    for (const { hour, scopes, visitors } of counted) {
      const day = hour.slice(0, 10);
      const salt = salts.get(day)!;
      for (const visitor of visitors) {
        const hash = visitorHash(salt, day, visitor, host);
        for (const scope of scopes) hashes.set(`${hour}|${scope}|${hash}`, { hour, scope, hash });
      }
    }

    await insertChunks(sorted(hourly), (rows: Array<{ hour: string; scope: StatsScope; n: number }>) =>
      tx
        .insert(statsHourly)
        .values(rows.map((r) => ({ hour: new Date(r.hour), scope: r.scope, views: r.n })))
        .onConflictDoUpdate({
          target: [statsHourly.hour, statsHourly.scope],
          set: addExcluded(statsHourly, ["views"]),
        }),
    );
    await insertChunks(
      sorted(daily),
      (rows: Array<{ day: string; scope: StatsScope; n: number; reads: number }>) =>
        tx
          .insert(statsDaily)
          .values(rows.map((r) => ({ day: r.day, scope: r.scope, views: r.n, reads: r.reads })))
          .onConflictDoUpdate({
            target: [statsDaily.day, statsDaily.scope],
            set: addExcluded(statsDaily, ["views", "reads"]),
          }),
    );
    await insertChunks(
      sorted(posts),
      (rows: Array<{ day: string; postId: string; n: number; reads: number }>) =>
        tx
          .insert(statsPostsDaily)
          .values(rows.map((r) => ({ day: r.day, postId: r.postId, views: r.n, reads: r.reads })))
          .onConflictDoUpdate({
            target: [statsPostsDaily.day, statsPostsDaily.postId],
            set: addExcluded(statsPostsDaily, ["views", "reads"]),
          }),
    );
    await insertChunks(
      sorted(sources),
      (rows: Array<{ day: string; scope: StatsScope; source: string; n: number }>) =>
        tx
          .insert(statsSourcesDaily)
          .values(rows.map((r) => ({ day: r.day, scope: r.scope, source: r.source, views: r.n })))
          .onConflictDoUpdate({
            target: [statsSourcesDaily.day, statsSourcesDaily.scope, statsSourcesDaily.source],
            set: addExcluded(statsSourcesDaily, ["views"]),
          }),
    );
    await insertChunks(
      sorted(devices),
      (rows: Array<{ day: string; scope: StatsScope; device: DeviceClass; n: number }>) =>
        tx
          .insert(statsDevicesDaily)
          .values(rows.map((r) => ({ day: r.day, scope: r.scope, device: r.device, views: r.n })))
          .onConflictDoUpdate({
            target: [statsDevicesDaily.day, statsDevicesDaily.scope, statsDevicesDaily.device],
            set: addExcluded(statsDevicesDaily, ["views"]),
          }),
    );
    // The same visitor seen by two processes in one hour is one row: counted once. A row per
    // visitor: three array parameters a statement (unnest), not a value list the query builder
    // maps value by value (that cost ~60 µs a visitor, on the serving thread, every minute).
    const visitorRows = sorted(hashes);
    for (let i = 0; i < visitorRows.length; i += VISITOR_CHUNK) {
      const rows = visitorRows.slice(i, i + VISITOR_CHUNK);
      await tx.execute(sql`
        insert into ${statsVisitorHashes} (hour, scope, hash)
        select * from unnest(${sql.param(rows.map((r) => r.hour))}::timestamptz[],
          ${sql.param(rows.map((r) => r.scope))}::text[], ${sql.param(rows.map((r) => r.hash))}::text[])
        on conflict do nothing`);
    }
  });
}

/**
 * Roll up every finished day: its distinct visitor hashes become counts in the daily and hourly
 * rollups, then the hashes and the day's salt are deleted, so no one (not even this server) can
 * tell whether tomorrow's visitor is yesterday's. The delete … returning claims the rows, so two
 * processes rolling up at once count each hash once.
 */
export async function rollUp(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - ROLLUP_GRACE_MS);
  const today = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate()));
  const todayDay = today.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with gone as (
        delete from ${statsVisitorHashes} where ${statsVisitorHashes.hour} < ${today}
        returning hour, scope, hash
      ), daily as (
        insert into ${statsDaily} (day, scope, visitors)
        select (hour at time zone 'UTC')::date, scope, count(distinct hash)::int from gone group by 1, 2
        on conflict (day, scope) do update set visitors = ${statsDaily.visitors} + excluded.visitors
      )
      insert into ${statsHourly} (hour, scope, visitors)
      select hour, scope, count(*)::int from gone group by 1, 2
      on conflict (hour, scope) do update set visitors = ${statsHourly.visitors} + excluded.visitors`);
    await tx.delete(statsSalts).where(lt(statsSalts.day, todayDay));
    await tx.delete(statsHourly).where(lt(statsHourly.hour, new Date(now.getTime() - HOURLY_KEEP_MS)));
  });
}
