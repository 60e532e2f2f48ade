import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE, COLLAB_LIMITS, collabDocKey } from "../../common/collab";
import { type Database, openDatabase } from "../db/client";
import { collabUpdates, sitePages } from "../db/schema";
import { type Editor, listenForSockets, openEditor, until } from "../test/collab-clients";
import { createPost } from "../test/factories";
import { type Roles, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";

// Writing together beyond one process: two servers on one PostgreSQL relay each other's updates
// and carets (LISTEN/NOTIFY); a server closed and built again on the same database keeps every
// update that reached the other author.

let t: TestApp;
let roles: Roles;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t.close());

const as = (who: keyof Roles) => ({ cookie: roles[who].cookie, origin });
/** The same database for a second server; closing that server leaves it open. */
const shared = (database: Database): Database => ({ ...database, close: async () => {} });

/** Type `chars` one transaction each, at a caret that follows this author's own typing. */
async function typeInto(editor: Editor, start: number, chars: string): Promise<void> {
  let at = Y.createRelativePositionFromTypeIndex(editor.text, start, -1);
  for (const char of chars) {
    const index = Y.createAbsolutePositionFromRelativePosition(at, editor.doc)!.index;
    editor.text.insert(index, char);
    at = Y.createRelativePositionFromTypeIndex(editor.text, index + 1, -1);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** A page: both authors' to write (a post is its author's alone, SPEC §6). */
const newPage = async (slug: string) =>
  (await t.ctx.db.insert(sitePages).values({ slug, title: slug, content: "<p>x</p>" }).returning())[0]!;
/** A document's stored rows: a post's unless `kind` says a page. */
const storedRows = async (postId: string, kind: "posts" | "pages" = "posts") =>
  (
    await t.ctx.db
      .select()
      .from(collabUpdates)
      .where(eq(collabUpdates.doc, collabDocKey(kind, postId)))
  ).length;

const inOrder = (whole: string, part: string) => {
  let at = 0;
  for (const c of whole) if (c === part[at]) at++;
  return at === part.length;
};

describe("two processes on one PostgreSQL", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "relay updates and carets: authors on different servers converge character by character",
    async () => {
      const url = (t.ctx.database.pool!.options as { connectionString: string }).connectionString;
      // Its own pool, as another process or machine has.
      const second = await buildTestApp({}, { database: await openDatabase({ kind: "postgres", url }) });
      try {
        const post = await newPage("two-servers");
        const room = `pages/${post.id}`;
        const him = await openEditor(await listenForSockets(t), room, as("him"));
        const her = await openEditor(await listenForSockets(second), room, as("her"));
        him.provider.awareness.setLocalStateField("user", { name: "Him", color: "#a33" });
        him.text.insert(0, "Shared paragraph.");
        await until(() => her.text.toString() === "Shared paragraph.", "her copy on the other server");
        await until(
          () => [...her.provider.awareness.getStates().values()].some((s) => s.user?.name === "Him"),
          "his caret on the other server",
        );
        const his = "written-on-one";
        const hers = "WRITTEN_ON_TWO";
        await Promise.all([typeInto(him, 6, his), typeInto(her, 7, hers)]);
        await until(() => him.text.toString() === her.text.toString(), "the two servers' copies to agree");
        const merged = him.text.toString();
        expect(merged).toHaveLength("Shared paragraph.".length + his.length + hers.length);
        for (const typed of ["Shared paragraph.", his, hers])
          expect(inOrder(merged, typed), typed).toBe(true);
        him.destroy();
        her.destroy();
      } finally {
        await second.close();
      }
    },
    30_000,
  );
});

describe("a save from outside, heard by every process", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "closes the other server's sessions with 4409 too",
    async () => {
      const url = (t.ctx.database.pool!.options as { connectionString: string }).connectionString;
      const second = await buildTestApp({}, { database: await openDatabase({ kind: "postgres", url }) });
      try {
        const post = await createPost(t.ctx, { author: "her" });
        const her = await openEditor(await listenForSockets(second), `posts/${post.id}`, as("her"));
        her.text.insert(0, "On the second server");
        await until(async () => (await storedRows(post.id)) > 0, "her update stored");
        const res = await t.request({
          method: "PATCH",
          url: `/api/posts/${post.id}`,
          cookie: roles.her.cookie,
          payload: { title: "Saved from the first server" },
        });
        expect(res.statusCode).toBe(200);
        await until(() => her.closes.includes(COLLAB_CLOSE.savedElsewhere), "4409 on the second server");
        expect(await storedRows(post.id)).toBe(0);
        her.destroy();
      } finally {
        await second.close();
      }
    },
    30_000,
  );
});

describe("compaction", () => {
  it("merges a document's updates into one row as they pile up and when the last author leaves", async () => {
    const post = await newPage("compaction");
    const base = await listenForSockets(t);
    const her = await openEditor(base, `pages/${post.id}`, as("her"));
    const him = await openEditor(base, `pages/${post.id}`, as("him"));
    const many = "m".repeat(COLLAB_LIMITS.compactAfter + 20);
    await typeInto(her, 0, many);
    await until(() => him.text.toString() === many, "his copy");
    // One merge happened on the way: far fewer rows than updates.
    expect(await storedRows(post.id, "pages")).toBeLessThan(60);
    her.destroy();
    him.destroy();
    await until(async () => (await storedRows(post.id, "pages")) === 1, "one row after the last leaves");
    const again = await openEditor(base, `pages/${post.id}`, as("him"));
    expect(again.text.toString()).toBe(many);
    again.destroy();
  }, 30_000);
});

describe("a server closed mid-session", () => {
  it("keeps every update that reached the other author", async () => {
    const first = await buildTestApp({}, { database: shared(t.ctx.database) });
    const post = await newPage("restart");
    const room = `pages/${post.id}`;
    const base = await listenForSockets(first);
    const him = await openEditor(base, room, as("him"));
    const her = await openEditor(base, room, as("her"));
    const words = "Nothing that was acknowledged is lost.";
    await typeInto(her, 0, words);
    // What he has seen was stored before it was relayed to him.
    await until(() => him.text.toString() === words, "his copy");
    await first.close();
    him.destroy();
    her.destroy();
    // Built again on the same database, nothing compacted by a last leave it never saw.
    const again = await buildTestApp({}, { database: shared(t.ctx.database) });
    try {
      const reader = await openEditor(await listenForSockets(again), room, as("him"));
      expect(reader.text.toString()).toBe(words);
      reader.destroy();
      const rows = await t.ctx.db
        .select()
        .from(collabUpdates)
        .where(eq(collabUpdates.doc, collabDocKey("pages", post.id)));
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  });
});
