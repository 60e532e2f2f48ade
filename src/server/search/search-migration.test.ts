import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { MIGRATIONS_DIR, runMigrations } from "../db/migrate";
import { rowsOf } from "../db/rows";
import { searchPosts } from "./search.repository";

// The migration that adds search, on a blog that already has posts (embedded PGlite, or the
// PostgreSQL of TEST_DATABASE_URL): existing rows are indexed, drafts stay unfound, the GIN
// index exists.
const SEARCH_MIGRATION = "0003_search";
const url = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), "duet-search-migration-"));
let database: Database;
let dropDatabase = async () => {};

/** A copy of migrations/ holding only the ones before search. */
function migrationsBeforeSearch(): string {
  const dir = path.join(scratch, "migrations");
  mkdirSync(path.join(dir, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === SEARCH_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  for (const { tag } of journal.entries)
    copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  if (url) {
    const name = `duet_search_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    database = await openDatabase({ kind: "postgres", url: dbUrl.href, max: 2 });
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    };
  } else {
    database = await openDatabase({ kind: "pglite", dataDir: null });
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`migration ${SEARCH_MIGRATION} (${url ? "PostgreSQL" : "PGlite"})`, () => {
  it("indexes the posts a blog already has, and search finds the public ones only", async () => {
    await runMigrations(database, migrationsBeforeSearch());
    const { db } = database;
    const insert = (title: string, content: string, status: string, hashtags: string[]) =>
      db.execute(sql`insert into blog_posts (title, content, author, status, hashtags, date)
        values (${title}, ${content}, 'her', ${status}, ${sql`${`{${hashtags.join(",")}}`}::text[]`}, now() - interval '1 day')`);
    await insert("Old post", "<p>An <em>albatross</em> over the bay.</p>", "published", ["seabirds"]);
    await insert("Old draft", "<p>An albatross, unfinished.</p>", "draft", ["seabirds"]);

    await runMigrations(database);

    const page = await searchPosts(db, { text: "albatross", limit: 10, cursor: null }, new Date());
    expect(page.items.map((h) => h.post.title)).toEqual(["Old post"]);
    expect(
      (await searchPosts(db, { text: "seabirds", limit: 10, cursor: null }, new Date())).items,
    ).toHaveLength(1);
    const res = await db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'blog_posts' and indexname = 'blog_posts_search_idx'`,
    );
    const rows = rowsOf<{ indexdef: string }>(res);
    expect(rows[0]?.indexdef).toMatch(/USING gin \(search_vector\)/);
    // Applying them again changes nothing.
    await runMigrations(database);
  }, 60_000);
});
