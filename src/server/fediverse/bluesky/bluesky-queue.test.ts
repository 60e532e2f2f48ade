import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { blueskyRecords } from "../../db/schema";
import { openTestDatabase } from "../../test/test-app";
import { BLUESKY_LEASE_MS, BlueskyQueue } from "./bluesky-queue";

// The Bluesky records queue on the database itself (both kinds): one process works on a due row;
// a process that died holding it leaves its lease, and the next one takes it over; a change
// during a put is put again; a failure waits for its backoff.

let database: Database;
let clock = Date.parse("2026-03-01T10:00:00Z");
const now = () => new Date(clock);
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A "process" with its own queue on the shared database (started at the clock's time). */
const processNow = () => new BlueskyQueue({ db: database.db, now, database });

async function due(): Promise<number> {
  const [row] = await database.db
    .insert(blueskyRecords)
    .values({
      postId: randomUUID(),
      author: "her",
      did: "did:plc:abcdefghijklmnopqrstuvwx",
      documentRkey: "3kaaaaaaaaaa2",
      postRkey: "3kaaaaaaaaab2",
      pending: "put",
      version: 1,
      dueAt: now(),
    })
    .returning();
  return row!.id;
}
const rowOf = async (id: number) =>
  (await database.db.select().from(blueskyRecords).where(eq(blueskyRecords.id, id)))[0]!;
const refs = { documentCid: "bafydoc", postCid: "bafypost" };

describe("the Bluesky records queue", () => {
  it("hands a due row to one process at a time, and marks it done", async () => {
    const id = await due();
    const first = processNow();
    const job = await first.claim();
    expect(job?.id).toBe(id);
    clock += 1_000;
    if (database.kind === "postgres") expect(await processNow().claim()).toBeNull();
    expect(await first.claim()).toBeNull();
    await first.done(database.db, job!, refs);
    expect(await rowOf(id)).toMatchObject({ pending: null, dueAt: null, leasedAt: null, ...refs });
    expect(await first.claim()).toBeNull();
  });

  it("takes over a row whose process died mid-put; the dead one's late finish changes nothing", async () => {
    const id = await due();
    const dying = processNow();
    const job = await dying.claim();
    expect(job?.id).toBe(id);
    // The embedded database's next process takes it at once; PostgreSQL waits for the lease.
    clock += database.kind === "postgres" ? BLUESKY_LEASE_MS + 1_000 : 1_000;
    const next = processNow();
    const again = await next.claim();
    expect(again?.id).toBe(id);
    await dying.done(database.db, job!, { documentCid: "stale", postCid: "stale" });
    expect(await rowOf(id)).toMatchObject({ pending: "put", documentCid: null });
    await next.done(database.db, again!, refs);
    expect(await rowOf(id)).toMatchObject({ pending: null, ...refs });
  });

  it("puts again what changed while a put ran", async () => {
    const id = await due();
    const queue = processNow();
    const job = await queue.claim();
    await database.db
      .update(blueskyRecords)
      .set({ version: 2, dueAt: now() })
      .where(eq(blueskyRecords.id, id));
    await queue.done(database.db, job!, refs);
    expect(await rowOf(id)).toMatchObject({ pending: "put", version: 2, leasedAt: null });
    const again = await queue.claim();
    expect(again).toMatchObject({ id, version: 2 });
    await queue.done(database.db, again!, refs);
    expect((await rowOf(id)).pending).toBeNull();
  });

  it("waits 1, 5, 30, 120 and 360 minutes after its failures, then for the post's next change", async () => {
    const id = await due();
    const queue = processNow();
    for (const minutes of [1, 5, 30, 120, 360, null]) {
      const job = await queue.claim();
      expect(job?.id).toBe(id);
      await queue.failed(job!);
      expect(await queue.claim()).toBeNull();
      const { dueAt } = await rowOf(id);
      if (minutes === null) expect(dueAt).toBeNull();
      else {
        expect(dueAt!.getTime() - clock).toBe(minutes * 60_000);
        clock += minutes * 60_000;
      }
    }
    expect(await rowOf(id)).toMatchObject({ pending: "put", attempts: 6 });
  });
});
