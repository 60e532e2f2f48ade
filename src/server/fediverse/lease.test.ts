import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { fediversePosts } from "../db/schema";
import { openTestDatabase } from "../test/test-app";
import { ACTIVITY_LEASE_MS, ActivityLeases } from "./lease";
import { markPostChanged } from "./publish";

// The social web's queues keep an activity leased until Fedify holds it: a process that dies in
// between leaves the lease, and the next one hands the same activity over (lease.ts).

let database: Database;
let clock = Date.parse("2026-03-01T10:00:00Z");
const now = () => new Date(clock);
const table = { table: fediversePosts, key: "post_id" };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A "process" with its own leases on the shared database (started at the clock's time). */
const processNow = () => new ActivityLeases({ db: database.db, now, database }, table, () => {});

async function due(pending: "create" | "update" | "delete"): Promise<string> {
  const postId = randomUUID();
  await database.db.insert(fediversePosts).values({ postId, author: "her", pending });
  return postId;
}
const rowOf = async (postId: string) =>
  (await database.db.select().from(fediversePosts).where(eq(fediversePosts.postId, postId)))[0]!;

describe("activity leases", () => {
  it("keeps a claimed activity until it is released, and no other process takes it meanwhile", async () => {
    const postId = await due("create");
    const first = processNow();
    const job = await first.claim();
    expect(job).toMatchObject({ key: postId, kind: "create" });
    expect(await rowOf(postId)).toMatchObject({ pending: null, leasedKind: "create" });
    clock += 1_000;
    // Another process (PostgreSQL), or the same one: nothing more is due while the lease holds.
    if (database.kind === "postgres") expect(await processNow().claim()).toBeNull();
    expect(await first.claim()).toBeNull();
    await first.release(job!);
    expect(await rowOf(postId)).toMatchObject({ pending: null, leasedKind: null, leasedAt: null });
    expect(await first.claim()).toBeNull();
  });

  it("hands the same activity over again after the process died holding it, and once only", async () => {
    const postId = await due("update");
    const dying = processNow();
    const job = await dying.claim();
    expect(job).toMatchObject({ key: postId, kind: "update" });
    // Killed before Fedify held it. The embedded database's next process takes it at once; on
    // PostgreSQL another process waits for the lease to lapse.
    clock += database.kind === "postgres" ? ACTIVITY_LEASE_MS + 1_000 : 1_000;
    const next = processNow();
    const again = await next.claim();
    expect(again).toMatchObject({ key: postId, kind: "update" });
    // The same Update: its time is the first claim's, so its id is too.
    expect(again!.at.getTime()).toBe(job!.at.getTime());
    // The dead process's late release matches nothing: the live lease stays.
    await dying.release(job!);
    expect((await rowOf(postId)).leasedKind).toBe("update");
    await next.release(again!);
    expect(await next.claim()).toBeNull();
  });

  it("merges what a write marked meanwhile: an edit during a send follows it; a failure hands it back", async () => {
    clock += ACTIVITY_LEASE_MS * 2;
    const postId = await due("create");
    const leases = processNow();
    const job = await leases.claim();
    // An edit while the Create is being handed over: an Update is due after it.
    await database.db
      .update(fediversePosts)
      .set({ pending: "update" })
      .where(eq(fediversePosts.postId, postId));
    await leases.handBack(job!);
    // The Create never reached Fedify: it is still a Create (built from the edited post).
    expect(await rowOf(postId)).toMatchObject({ pending: "create", leasedKind: null });
    const retry = await leases.claim();
    expect(retry).toMatchObject({ key: postId, kind: "create" });
    await database.db
      .update(fediversePosts)
      .set({ pending: "update" })
      .where(eq(fediversePosts.postId, postId));
    await leases.release(retry!);
    const after = await leases.claim();
    expect(after).toMatchObject({ key: postId, kind: "update" });
    await leases.release(after!);
    // A post not public any more (none here) while nothing is leased: the Create was sent, so a Delete.
    expect(await markPostChanged(database.db, now(), postId)).toBe(true);
    expect((await rowOf(postId)).pending).toBe("delete");
  });
});
