import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLAB_CLOSE, COLLAB_SAVE_HEADER } from "../../common/collab";
import { openDatabase } from "../db/client";
import { blogPosts } from "../db/schema";
import { listenForSockets, openEditor, until, upgradeStatus } from "../test/collab-clients";
import { createPost } from "../test/factories";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";

// The co-editing socket of a shared draft (docs/decisions/0050-draft-sharing.md): the partner is
// let in while the owner shares it, and put out (4403) the moment the owner stops, on this
// process and, through the outbox's NOTIFY, on every other.

let t: TestApp;
let roles: Roles;
let base: string;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  base = await listenForSockets(t);
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t.close());

const as = (who: keyof Roles) => ({ cookie: roles[who].cookie, origin });
/** His draft, not public: the only kind of post a share opens. */
const draft = async () => {
  const post = await createPost(t.ctx, { author: "him" });
  await t.ctx.db.update(blogPosts).set({ status: "draft" }).where(eq(blogPosts.id, post.id));
  return post;
};
const share = (id: string) => requestAs(t, "PUT", `/api/posts/${id}/share`, roles.him);
const unshare = (id: string) => requestAs(t, "DELETE", `/api/posts/${id}/share`, roles.him);

describe("a shared draft's live document", () => {
  it("lets the partner in only while shared; a reader and a visitor never", async () => {
    const post = await draft();
    const url = `${base}/posts/${post.id}`;
    expect(await upgradeStatus(url, as("her"))).toBe(404);
    expect((await share(post.id)).statusCode).toBe(200);
    expect(await upgradeStatus(url, as("her"))).toBe(101);
    expect(await upgradeStatus(url, as("him"))).toBe(101);
    expect(await upgradeStatus(url, as("reader"))).toBe(403);
    expect(await upgradeStatus(url, { origin })).toBe(401);
    expect((await unshare(post.id)).statusCode).toBe(200);
    expect(await upgradeStatus(url, as("her"))).toBe(404);
    await until(() => t.ctx.collab.openRooms === 0, "the rooms to go");
  });

  it("has both authors converge, and stopping puts the partner out (4403) and keeps the owner", async () => {
    const post = await draft();
    await share(post.id);
    const room = `posts/${post.id}`;
    const him = await openEditor(base, room, as("him"));
    const her = await openEditor(base, room, as("her"));
    him.text.insert(0, "Hello world");
    await until(() => her.text.toString() === "Hello world", "her copy");
    her.text.insert(5, " there");
    him.text.insert(0, ">> ");
    await until(() => him.text.toString() === her.text.toString(), "the copies to agree");
    expect(him.text.toString()).toBe(">> Hello there world");
    // Her save from the session is an ordinary save: nothing resets.
    const saved = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: roles.her.cookie,
      headers: { [COLLAB_SAVE_HEADER]: "1" },
      payload: { content: "<p>&gt;&gt; Hello there world</p>" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect([him.closes, her.closes]).toEqual([[], []]);

    expect((await unshare(post.id)).statusCode).toBe(200);
    await until(() => her.closes.includes(COLLAB_CLOSE.unshared), "4403 on her socket", 5_000);
    // y-websocket does not come back after a 44xx; the owner's session goes on.
    him.text.insert(him.text.length, "!");
    await new Promise((r) => setTimeout(r, 200));
    expect(him.closes).toEqual([]);
    expect(her.text.toString()).toBe(">> Hello there world");
    expect(await upgradeStatus(`${base}/${room}`, as("her"))).toBe(404);
    him.destroy();
    her.destroy();
  });

  it("puts the partner out at the next look when the post goes public on its own (its time came)", async () => {
    const post = await draft();
    await share(post.id);
    const her = await openEditor(base, `posts/${post.id}`, as("her"));
    // A scheduled time that has come, written as the timer finds it: no save, no reset.
    await t.ctx.db
      .update(blogPosts)
      .set({ status: "scheduled", date: new Date(Date.now() - 1_000) })
      .where(eq(blogPosts.id, post.id));
    await t.ctx.collab.checkSessions();
    await until(() => her.closes.includes(COLLAB_CLOSE.unshared), "4403 after the post went public");
    her.destroy();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "puts the partner out on another process too (NOTIFY), on PostgreSQL",
    async () => {
      const url = (t.ctx.database.pool!.options as { connectionString: string }).connectionString;
      // Its own pool, as another process or machine has.
      const second = await buildTestApp({}, { database: await openDatabase({ kind: "postgres", url }) });
      try {
        const post = await draft();
        await share(post.id);
        const her = await openEditor(await listenForSockets(second), `posts/${post.id}`, as("her"));
        const him = await openEditor(base, `posts/${post.id}`, as("him"));
        her.text.insert(0, "From the second server");
        await until(() => him.text.toString() === "From the second server", "his copy on the first");
        // Stopped through the first server: her socket, on the second, closes.
        expect((await unshare(post.id)).statusCode).toBe(200);
        await until(() => her.closes.includes(COLLAB_CLOSE.unshared), "4403 on the second server", 10_000);
        expect(him.closes).toEqual([]);
        him.destroy();
        her.destroy();
      } finally {
        await second.close();
      }
    },
    30_000,
  );
});
