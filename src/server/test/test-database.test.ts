import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { domainEvents } from "../db/schema";
import { createPost } from "./factories";
import { buildTestApp, type TestApp } from "./test-app";

// The harness's promise (test-database.ts): an app reusing the worker's database starts on one
// that no test can tell from a fresh copy of the migrated template.
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql.raw(`select count(*)::int as n from public."${name}"`)),
    );
    counts[name] = row!.n;
  }
  return counts;
}

const open: TestApp[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
const build = async () => {
  const t = await buildTestApp();
  open.push(t);
  return t;
};

describe("the worker's test database", () => {
  // Three apps and a new copy of the template: seconds of CPU on a busy machine.
  it("is handed to the next app emptied to what a fresh copy holds, its sequences restarted", async () => {
    const first = await build();
    await first.as("her");
    await createPost(first.ctx);
    const firstEvent = await first.ctx.db
      .insert(domainEvents)
      .values({ name: "probe", payload: {} })
      .returning();
    const firstDatabase = first.ctx.database;
    await open.pop()!.close();

    const reused = await build();
    expect(reused.ctx.database).toBe(firstDatabase);
    const previous = process.env.TEST_FRESH_DATABASES;
    process.env.TEST_FRESH_DATABASES = "1";
    const fresh = await build().finally(() => {
      if (previous === undefined) delete process.env.TEST_FRESH_DATABASES;
      else process.env.TEST_FRESH_DATABASES = previous;
    });
    expect(fresh.ctx.database).not.toBe(firstDatabase);
    expect(await rowCounts(reused.ctx.database)).toEqual(await rowCounts(fresh.ctx.database));
    const [again] = await reused.ctx.db
      .insert(domainEvents)
      .values({ name: "probe", payload: {} })
      .returning();
    expect(again!.id).toBe(firstEvent[0]!.id);
  }, 120_000);

  // Two apps built at once, one on a new copy of the template: seconds of CPU on a busy machine.
  it("goes to one app at a time: a second app built meanwhile gets a fresh database of its own", async () => {
    const [a, b] = await Promise.all([build(), build()]);
    expect(a!.ctx.database).not.toBe(b!.ctx.database);
    await createPost(a!.ctx);
    expect((await rowCounts(b!.ctx.database)).blog_posts).toBe(0);
  }, 120_000);

  it("is replaced when a test closed it", async () => {
    const first = await build();
    const closed = first.ctx.database;
    await closed.close();
    await open.pop()!.close();
    const next = await build();
    expect(next.ctx.database).not.toBe(closed);
    expect((await rowCounts(next.ctx.database)).blog_posts).toBe(0);
  });
});
