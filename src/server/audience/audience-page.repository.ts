import { and, count, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import {
  AUDIENCE_PAGE_SIZE,
  type AudienceFollower,
  type FollowerStatus,
  GROWTH_DAYS,
  type GrowthPoint,
} from "../../common/audience-page";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { followers } from "../db/schema";

// The Audience page's reads and the removal of a follower: always one author's blog.

/** A follower's status, in the order that wins: bouncing, unsubscribed, active, pending. */
const statusSql = sql<FollowerStatus>`case
  when ${followers.bouncedAt} is not null then 'bouncing'
  when ${followers.unsubscribedAt} is not null then 'unsubscribed'
  when ${followers.confirmedAt} is not null then 'active'
  else 'pending' end`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type Row = Pick<
  typeof followers.$inferSelect,
  "id" | "email" | "createdAt" | "confirmedAt" | "unsubscribedAt" | "bouncedAt" | "bounceReason"
> & { status: FollowerStatus };

const columns = {
  id: followers.id,
  email: followers.email,
  createdAt: followers.createdAt,
  confirmedAt: followers.confirmedAt,
  unsubscribedAt: followers.unsubscribedAt,
  bouncedAt: followers.bouncedAt,
  bounceReason: followers.bounceReason,
  status: statusSql,
};

const toFollower = (r: Row): AudienceFollower => ({
  id: r.id,
  email: r.email,
  status: r.status,
  createdAt: iso(r.createdAt)!,
  confirmedAt: iso(r.confirmedAt),
  unsubscribedAt: iso(r.unsubscribedAt),
  bouncedAt: iso(r.bouncedAt),
  bounceReason: r.bounceReason,
});

export async function followerCounts(db: Db, author: AuthorKey): Promise<Record<FollowerStatus, number>> {
  const rows = await db
    .select({ status: statusSql, n: count() })
    .from(followers)
    .where(eq(followers.author, author))
    .groupBy(statusSql);
  const counts = { pending: 0, active: 0, bouncing: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchFollowers(
  db: Db,
  author: AuthorKey,
  query: { q?: string; status?: FollowerStatus; offset?: number },
): Promise<{ items: AudienceFollower[]; matching: number }> {
  const where: SQL[] = [eq(followers.author, author)];
  if (query.q) where.push(ilike(followers.email, likePattern(query.q)));
  if (query.status) where.push(sql`${statusSql} = ${query.status}`);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(followers)
      .where(and(...where))
      .orderBy(desc(followers.createdAt), desc(followers.id))
      .limit(AUDIENCE_PAGE_SIZE)
      .offset(query.offset ?? 0),
    db
      .select({ n: count() })
      .from(followers)
      .where(and(...where)),
  ]);
  return { items: rows.map(toFollower), matching: Number(total?.n ?? 0) };
}

/** Every follower of the blog, for the CSV export (oldest first). */
export async function allFollowers(db: Db, author: AuthorKey): Promise<AudienceFollower[]> {
  const rows = await db
    .select(columns)
    .from(followers)
    .where(eq(followers.author, author))
    .orderBy(followers.createdAt, followers.id);
  return rows.map(toFollower);
}

const DAY_MS = 86_400_000;

/** Active followers at the end of each of the last GROWTH_DAYS days (UTC), today included. */
export async function followerGrowth(db: Db, author: AuthorKey, now: Date): Promise<GrowthPoint[]> {
  const rows = await db
    .select({
      from: followers.confirmedAt,
      until: sql<Date | string | null>`least(${followers.unsubscribedAt}, ${followers.bouncedAt})`,
    })
    .from(followers)
    .where(and(eq(followers.author, author), isNotNull(followers.confirmedAt)));
  const spans = rows.map((r) => [
    new Date(r.from!).getTime(),
    r.until ? new Date(r.until).getTime() : Infinity,
  ]);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const points: GrowthPoint[] = [];
  for (let i = GROWTH_DAYS - 1; i >= 0; i--) {
    const start = today - i * DAY_MS;
    const end = Math.min(start + DAY_MS, now.getTime() + 1);
    let n = 0;
    for (const [from, until] of spans) if (from! < end && until! >= end) n++;
    points.push({ day: new Date(start).toISOString().slice(0, 10), followers: n });
  }
  return points;
}

/** Remove a follower of this blog (their queued mail goes with the row). */
export async function removeFollower(db: Db, author: AuthorKey, id: string): Promise<boolean> {
  const gone = await db
    .delete(followers)
    .where(and(eq(followers.id, id), eq(followers.author, author)))
    .returning({ id: followers.id });
  return gone.length > 0;
}

/** The rows these addresses already have on this blog. */
export async function existingFollowers(db: Db, author: AuthorKey, emails: string[]) {
  const found: Array<{ email: string; status: FollowerStatus }> = [];
  for (let i = 0; i < emails.length; i += 500)
    found.push(
      ...(await db
        .select({ email: followers.email, status: statusSql })
        .from(followers)
        .where(and(eq(followers.author, author), inArray(followers.email, emails.slice(i, i + 500))))),
    );
  return new Map(found.map((r) => [r.email, r.status]));
}
