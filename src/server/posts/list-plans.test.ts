import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listComments } from "../comments/comments.repository";
import { listInboxComments } from "../comments/inbox.repository";
import { listContactMessages } from "../contact/contact.repository";
import type { Database } from "../db/client";
import { decodeCursor } from "../pagination";
import { searchPosts } from "../search/search.repository";
import { openTestDatabase } from "../test/test-app";
import { findNeighbours } from "./neighbours.repository";
import { listOwnPosts, listPostStamps, listPosts, postStampFiles } from "./posts.repository";

// Every list a reader or the studio pages through must be read in index order: the real
// repository queries are captured as they run and EXPLAINed on PostgreSQL with sorting and
// sequential scans priced out, so the planner picks an ordered index whenever one can serve the
// query. A Sort (or a Seq Scan) over blog_posts or comments left in the plan means none can.
const url = process.env.TEST_DATABASE_URL;
const WATCHED = new Set(["blog_posts", "comments", "contact_messages"]);
// The inbox's index is on the instant alone: ties on it may be sorted by id as they come.
const TIES_SORTED = new Set(["contact_messages"]);
const POSTS = 3000;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

// The tables a node reads, down to a Limit: sorting a bounded set (search ranks its newest
// matches) is not sorting the table.
const relationsUnder = (node: PlanNode): string[] => [
  ...(node["Relation Name"] ? [node["Relation Name"]] : []),
  ...(node.Plans ?? []).flatMap((child) => (child["Node Type"] === "Limit" ? [] : relationsUnder(child))),
];

/** Each Sort over a watched table and each Seq Scan of one, as `Node Type(relation)`. */
function unorderedReads(node: PlanNode): string[] {
  const here: string[] = [];
  const type = node["Node Type"];
  if (type === "Seq Scan" && WATCHED.has(node["Relation Name"] ?? ""))
    here.push(`Seq Scan(${node["Relation Name"]})`);
  if (type.endsWith("Sort")) {
    for (const rel of new Set(relationsUnder(node))) {
      if (WATCHED.has(rel) && !(type === "Incremental Sort" && TIES_SORTED.has(rel)))
        here.push(`${type}(${rel})`);
    }
  }
  return [...here, ...(node.Plans ?? []).flatMap(unorderedReads)];
}

/** A bound value as an SQL literal (EXPLAIN takes no parameters), the way node-postgres sends it. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value))
    return quote(`{${value.map((v) => `"${String(v).replace(/["\\]/g, "\\$&")}"`).join(",")}}`);
  return quote(String(value));
}

const inlined = (text: string, values: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n) => literal(values[Number(n) - 1]));

describe.skipIf(!url)("list queries read their index in order (PostgreSQL EXPLAIN)", () => {
  let database: Database;
  let pool: pg.Pool;
  const now = new Date("2026-06-01T12:00:00Z");
  let someId = "";
  let deepCursor: ReturnType<typeof decodeCursor> = null;

  beforeAll(async () => {
    database = await openTestDatabase();
    pool = database.pool!;
    await pool.query(`insert into "user" (id, name, email) values ('u1', 'Reader', 'reader@example.com')`);
    // Dates a minute apart, both blogs, a tag on every fifth post, a few drafts and future posts.
    await pool.query(
      `insert into blog_posts (title, content, author, date, hashtags, status)
       select 'Post ' || i, '<p>Body ' || i || '</p>', case when i % 2 = 0 then 'him' else 'her' end,
         timestamptz '2026-06-01 00:00:00Z' - make_interval(mins => i - 60),
         case when i % 5 = 0 then array['travel'] else array['food'] end,
         case when i % 97 = 0 then 'draft' else 'published' end
       from generate_series(1, $1::int) i`,
      [POSTS],
    );
    const first = await pool.query<{ id: string }>(
      `select id from blog_posts where author = 'him' and status = 'published' and date < $1 order by date desc limit 1 offset 500`,
      [now],
    );
    someId = first.rows[0]!.id;
    await pool.query(
      `insert into comments (post_id, user_id, author, content, timestamp, status)
       select $1::uuid, 'u1', 'reader', 'c' || i, timestamptz '2026-05-01Z' + make_interval(mins => i),
         case when i % 10 = 0 then 'held' else 'published' end
       from generate_series(1, 2000) i`,
      [someId],
    );
    await pool.query(
      `insert into contact_messages (name, email, subject, message, created_at)
       select 'n', 'n@example.com', 's', 'm', timestamptz '2026-05-01Z' + make_interval(mins => i)
       from generate_series(1, 2000) i`,
    );
    await pool.query("analyze");
    const page = await listPosts(database.db, { author: "him", limit: 20, cursor: null }, now);
    deepCursor = decodeCursor(page.nextCursor!);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The statements `run` sends, each EXPLAINed with the same values; the unordered reads found. */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    const seen: Array<{ text: string; values: unknown[] }> = [];
    const original = pool.query.bind(pool);
    // Drizzle calls query(text | { text, … }, values).
    const capture = (config: unknown, values?: unknown) => {
      const c = (typeof config === "string" ? { text: config } : config) as {
        text?: string;
        values?: unknown[];
      };
      if (c?.text) seen.push({ text: c.text, values: Array.isArray(values) ? values : (c.values ?? []) });
      return (original as (...args: unknown[]) => unknown)(config, values);
    };
    pool.query = capture as typeof pool.query;
    try {
      await run();
    } finally {
      pool.query = original as typeof pool.query;
    }
    expect(seen.length).toBeGreaterThan(0);
    const client = await pool.connect();
    const found: string[] = [];
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      await client.query("set local enable_sort = off");
      for (const { text, values } of seen) {
        const res = await client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(
          `explain (format json) ${inlined(text, values)}`,
        );
        const bad = unorderedReads(res.rows[0]!["QUERY PLAN"][0]!.Plan);
        if (bad.length > 0) found.push(`${bad.join(", ")} in: ${text}`);
      }
    } finally {
      await client.query("rollback");
      client.release();
    }
    return found;
  }

  const cases: Array<[string, () => Promise<unknown>]> = [
    [
      "home and the feed: newest of both blogs",
      () => listPosts(database.db, { limit: 20, cursor: null }, now),
    ],
    ["his list, first page", () => listPosts(database.db, { author: "him", limit: 20, cursor: null }, now)],
    [
      "his list, a cursor",
      () => listPosts(database.db, { author: "him", limit: 20, cursor: deepCursor }, now),
    ],
    ["a tag, first page", () => listPosts(database.db, { tag: "travel", limit: 20, cursor: null }, now)],
    ["a tag, a cursor", () => listPosts(database.db, { tag: "travel", limit: 20, cursor: deepCursor }, now)],
    ["previous and next post", () => findNeighbours(database.db, { id: someId, author: "him" }, now)],
    ["the sitemap's posts", () => listPostStamps(database.db, { offset: 1000, limit: 50_000 }, now)],
    ["the sitemap index", () => postStampFiles(database.db, 500, now)],
    ["studio list", () => listOwnPosts(database.db, { author: "him", limit: 20, cursor: deepCursor }, now)],
    [
      "studio list, published",
      () => listOwnPosts(database.db, { author: "her", status: "published", limit: 20, cursor: null }, now),
    ],
    [
      "studio list, drafts",
      () => listOwnPosts(database.db, { author: "her", status: "draft", limit: 20, cursor: null }, now),
    ],
    [
      "studio list, words of the title",
      () => listOwnPosts(database.db, { author: "him", q: "Post 1", limit: 20, cursor: null }, now),
    ],
    [
      "search for a word in every post",
      () => searchPosts(database.db, { text: "body", limit: 10, cursor: null }, now),
    ],
    [
      "a post's comments",
      () => listComments(database.db, [], { id: someId, author: "him" }, { limit: 20, cursor: null }),
    ],
    [
      "inbox: new comments on his posts",
      () => listInboxComments(database.db, "him", "author-him", { limit: 20, cursor: null }),
    ],
    ["inbox: contact messages", () => listContactMessages(database.db, { limit: 20, cursor: deepCursor })],
  ];

  for (const [name, run] of cases) {
    it(`${name} needs no sort and no sequential scan`, async () => {
      expect(await plansOf(run)).toEqual([]);
    });
  }
});
