import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { blueskyRecords } from "../../db/schema";
import { openTestDatabase } from "../../test/test-app";
import { nextPollIn, POLL_DAYS, POLL_LEASE_MS, RepliesQueue } from "./replies-queue";

// The schedule of thread reads on the database itself (both kinds): one process reads a card at
// a time; one that died mid-read leaves it to the next (at once on the embedded database, after
// the lease on PostgreSQL); a graceful stop lets it go at once; the dead one's late finish
// changes nothing; failures back off; old cards are no longer read.

let database: Database;
let clock = Date.parse("2026-03-01T10:00:00Z");
const now = () => new Date(clock);
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const processNow = () => new RepliesQueue({ db: database.db, now, database });

async function card(pollAt: Date | null = now(), postCid: string | null = "bafycard"): Promise<number> {
  const [row] = await database.db
    .insert(blueskyRecords)
    .values({
      postId: randomUUID(),
      author: "her",
      did: "did:plc:abcdefghijklmnopqrstuvwx",
      documentRkey: "3kaaaaaaaaaa2",
      postRkey: "3kaaaaaaaaab2",
      postCid,
      pollAt,
    })
    .returning();
  return row!.id;
}
const rowOf = async (id: number) =>
  (await database.db.select().from(blueskyRecords).where(eq(blueskyRecords.id, id)))[0]!;
const clear = () => database.db.delete(blueskyRecords);

describe("the Bluesky thread-read schedule", () => {
  it("falls: every 2 min in the first hour, 10 min the first day, hourly the first week, then 6 h, none after 30 days", () => {
    const h = 3_600_000;
    expect(nextPollIn(0)).toBe(120_000);
    expect(nextPollIn(2 * h)).toBe(600_000);
    expect(nextPollIn(3 * 24 * h)).toBe(h);
    expect(nextPollIn(20 * 24 * h)).toBe(6 * h);
    expect(nextPollIn(POLL_DAYS * 24 * h)).toBeNull();
  });

  it("hands a due card to one process at a time; a card not in the repository or not due is not read", async () => {
    await clear();
    const id = await card();
    await card(new Date(clock + 60_000));
    await card(now(), null);
    const first = processNow();
    const job = await first.claim();
    expect(job).toMatchObject({ id, attempts: 0, likeCount: 0 });
    if (database.kind === "postgres") expect(await processNow().claim()).toBeNull();
    expect(await first.claim()).toBeNull();
    await first.done(database.db, job!, new Date(clock + 120_000), { likeCount: 4, repostCount: 2 });
    expect(await rowOf(id)).toMatchObject({ likeCount: 4, repostCount: 2, pollLeasedAt: null });
    expect((await rowOf(id)).pollAt!.getTime()).toBe(clock + 120_000);
  });

  it("a process that died mid-read leaves the card to the next; its late finish changes nothing", async () => {
    await clear();
    const id = await card();
    const dead = processNow();
    const job = await dead.claim();
    clock += 1_000;
    const next = processNow();
    if (database.kind === "postgres") {
      expect(await next.claim()).toBeNull();
      clock += POLL_LEASE_MS;
    }
    const taken = await next.claim();
    expect(taken?.id).toBe(id);
    await dead.done(database.db, job!, null, { likeCount: 99, repostCount: 99 });
    expect(await rowOf(id)).toMatchObject({ likeCount: 0, pollLeasedAt: new Date(taken!.leasedAt) });
    // Stopped gracefully: due at once for anyone.
    await next.release(taken!);
    expect((await processNow().claim())?.id).toBe(id);
  });

  it("backs off 2, 10, 60 and 360 minutes after failures, then waits for the schedule", async () => {
    await clear();
    const id = await card();
    const queue = processNow();
    for (const minutes of [2, 10, 60, 360]) {
      const job = await queue.claim();
      await queue.failed(job!, new Date(clock + 999_000));
      expect((await rowOf(id)).pollAt!.getTime()).toBe(clock + minutes * 60_000);
      clock += minutes * 60_000;
    }
    const last = await queue.claim();
    await queue.failed(last!, null);
    expect(await rowOf(id)).toMatchObject({ pollAt: null, pollAttempts: 0 });
    expect(await queue.nextDue()).toBeNull();
  });
});
