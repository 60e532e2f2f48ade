import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE, COLLAB_SAVE_HEADER, collabDocKey } from "../../common/collab";
import { collabUpdates, session, sitePages } from "../db/schema";
import { listenForSockets, openEditor, until, upgradeStatus } from "../test/collab-clients";
import { createPost } from "../test/factories";
import { type Roles, signInRoles } from "../test/roles";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// GET /api/collab/:kind/:id: who may open a live document (refused before the upgrade), and two
// authors' y-websocket clients on one server converging, persisted, reset by an outside save.

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
/** Whether every character of `part` is in `whole`, in its order. */
const inOrder = (whole: string, part: string) => {
  let at = 0;
  for (const c of whole) if (c === part[at]) at++;
  return at === part.length;
};
/** A page: both authors' to write (a post is its author's alone, SPEC §6). */
const newPage = async (slug: string) =>
  (await t.ctx.db.insert(sitePages).values({ slug, title: slug, content: "<p>x</p>" }).returning())[0]!;
const storedRows = async (doc: string) =>
  (await t.ctx.db.select().from(collabUpdates).where(eq(collabUpdates.doc, doc))).length;

describe("opening a live document, before the upgrade", () => {
  it("lets a post's author in, either author into a page, and refuses everyone else", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const url = `${base}/posts/${post.id}`;
    expect(await upgradeStatus(url, as("him"))).toBe(101);
    // The other author's post, a draft above all, is not theirs to read (SPEC §6).
    expect(await upgradeStatus(url, as("her"))).toBe(404);
    const page = await newPage("both-open");
    expect(await upgradeStatus(`${base}/pages/${page.id}`, as("him"))).toBe(101);
    expect(await upgradeStatus(`${base}/pages/${page.id}`, as("her"))).toBe(101);
    expect(await upgradeStatus(url, { origin })).toBe(401);
    expect(await upgradeStatus(url, as("reader"))).toBe(403);
    expect(await upgradeStatus(url, { ...as("him"), origin: "http://127.0.0.1.evil.example:3000" })).toBe(
      403,
    );
    expect(await upgradeStatus(url, { cookie: roles.him.cookie })).toBe(403);
    expect(await upgradeStatus(url, { ...as("him"), origin: "null" })).toBe(403);
    expect(await upgradeStatus(`${base}/posts/${crypto.randomUUID()}`, as("her"))).toBe(404);
    expect(await upgradeStatus(`${base}/pages/${post.id}`, as("her"))).toBe(404);
    expect(await upgradeStatus(`${base}/drafts/${post.id}`, as("her"))).toBe(404);
    expect(await upgradeStatus(`${base}/posts/not-an-id`, as("her"))).toBe(404);
    expect(await upgradeStatus(`${base}/posts/${"x".repeat(500)}`, as("her"))).toBe(404);
    await until(() => t.ctx.collab.openRooms === 0, "the rooms to go");
  });

  it("answers a GET without Upgrade with 426, and a visitor's with 401", async () => {
    const post = await createPost(t.ctx);
    const url = `/api/collab/posts/${post.id}`;
    const plain = await t.request({ method: "GET", url, cookie: roles.him.cookie, headers: { origin } });
    expect(plain.statusCode).toBe(426);
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
  });
});

describe("two authors in one document", () => {
  it("converge character by character after typing in the same paragraph at once", async () => {
    const post = await newPage("converge");
    const room = `pages/${post.id}`;
    const him = await openEditor(base, room, as("him"));
    const her = await openEditor(base, room, as("her"));
    him.text.insert(0, "Hello world");
    await until(() => her.text.toString() === "Hello world", "her copy");
    // Both type into the middle of the same words at once, one character per transaction.
    const his = "HIS-typing";
    const hers = "hers_typing";
    // Each has a caret that follows their own typing, as an editor's does (a relative position).
    const caret = (text: Y.Text, index: number) => Y.createRelativePositionFromTypeIndex(text, index, -1);
    let hisCaret = caret(him.text, 5);
    let herCaret = caret(her.text, 6);
    const typeAt = (text: Y.Text, at: Y.RelativePosition, char: string) => {
      const index = Y.createAbsolutePositionFromRelativePosition(at, text.doc!)!.index;
      text.insert(index, char);
      return caret(text, index + 1);
    };
    for (let i = 0; i < Math.max(his.length, hers.length); i++) {
      if (i < his.length) hisCaret = typeAt(him.text, hisCaret, his[i]!);
      if (i < hers.length) herCaret = typeAt(her.text, herCaret, hers[i]!);
      await new Promise((r) => setTimeout(r, 2));
    }
    await until(() => him.text.toString() === her.text.toString(), "the two copies to agree");
    const merged = him.text.toString();
    expect(merged).toHaveLength("Hello world".length + his.length + hers.length);
    // Every character of both is there, each one's in the order they were typed.
    for (const typed of ["Hello world", his, hers]) expect(inOrder(merged, typed), typed).toBe(true);
    // Stored before relayed: the database alone gives the same document.
    const fromDb = new Y.Doc();
    const rows = await t.ctx.db
      .select()
      .from(collabUpdates)
      .where(eq(collabUpdates.doc, collabDocKey("pages", post.id)));
    for (const row of rows) Y.applyUpdate(fromDb, row.update);
    expect(fromDb.getText("body").toString()).toBe(merged);
    him.destroy();
    her.destroy();
    // The last one out: the room is freed and its updates merged into one row.
    await until(() => t.ctx.collab.openRooms === 0, "the room to go");
    expect(await storedRows(collabDocKey("pages", post.id))).toBe(1);
    // The next author to open it gets everything back from the database.
    const again = await openEditor(base, room, as("her"));
    expect(again.text.toString()).toBe(merged);
    again.destroy();
  });

  it("merges a tab that lost its connection and kept editing, once it is back", async () => {
    const room = `pages/${(await newPage("offline")).id}`;
    const him = await openEditor(base, room, as("him"));
    const her = await openEditor(base, room, as("her"));
    him.text.insert(0, "Start.");
    await until(() => her.text.toString() === "Start.", "her copy");
    her.provider.disconnect();
    // Both go on: she offline at the end, he online at the start.
    her.text.insert(her.text.length, " Offline end.");
    him.text.insert(0, "Online start. ");
    await new Promise((r) => setTimeout(r, 100));
    expect(her.text.toString()).toBe("Start. Offline end.");
    her.provider.connect();
    await until(() => him.text.toString() === her.text.toString(), "the copies to agree");
    expect(him.text.toString()).toBe("Online start. Start. Offline end.");
    him.destroy();
    her.destroy();
  });

  it("edits a page the same way", async () => {
    const [page] = await t.ctx.db
      .insert(sitePages)
      .values({ slug: "about-us", title: "About", content: "<p>x</p>" })
      .returning();
    const him = await openEditor(base, `pages/${page!.id}`, as("him"));
    const her = await openEditor(base, `pages/${page!.id}`, as("her"));
    her.text.insert(0, "About us");
    await until(() => him.text.toString() === "About us", "his copy");
    him.destroy();
    her.destroy();
  });
});

describe("a save from outside the session", () => {
  it("closes the session with 4409 and resets the document; a save from inside it does not", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const doc = collabDocKey("posts", post.id);
    const room = `posts/${post.id}`;
    const him = await openEditor(base, room, as("him"));
    him.text.insert(0, "Live words");
    await until(async () => (await storedRows(doc)) > 0, "the update to be stored");
    // A save from the session itself (the header): nothing resets.
    const inside = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: roles.him.cookie,
      headers: { [COLLAB_SAVE_HEADER]: "1" },
      payload: { content: "<p>Live words</p>" },
    });
    expect(inside.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(him.closes).toEqual([]);
    expect(await storedRows(doc)).toBeGreaterThan(0);
    // The same author's other tab saves without it: the session closes, its state goes.
    const outside = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: roles.him.cookie,
      payload: { content: "<p>Other words</p>" },
    });
    expect(outside.statusCode).toBe(200);
    await until(() => him.closes.includes(COLLAB_CLOSE.savedElsewhere), "4409");
    expect(await storedRows(doc)).toBe(0);
    him.destroy();
    const fresh = await openEditor(base, room, as("him"));
    expect(fresh.text.toString()).toBe("");
    fresh.destroy();
  });

  it("closes the session with 4409 when the post is deleted", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const her = await openEditor(base, `posts/${post.id}`, as("her"));
    her.text.insert(0, "Soon gone");
    await until(
      async () => (await storedRows(collabDocKey("posts", post.id))) > 0,
      "the update to be stored",
    );
    const res = await t.request({ method: "DELETE", url: `/api/posts/${post.id}`, cookie: roles.her.cookie });
    expect(res.statusCode).toBe(204);
    await until(() => her.closes.includes(COLLAB_CLOSE.savedElsewhere), "4409");
    expect(await storedRows(collabDocKey("posts", post.id))).toBe(0);
    her.destroy();
  });
});

describe("a session that ends while the socket is open", () => {
  it("closes the socket with 4401 at the next look at the session", async () => {
    const signIn = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: t.config.authorEmails.her, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const page = await newPage("sessions");
    const her = await openEditor(base, `pages/${page.id}`, { cookie, origin });
    const him = await openEditor(base, `pages/${page.id}`, as("him"));
    await t.ctx.collab.checkSessions();
    expect(her.closes).toEqual([]);
    // Signed out elsewhere (or every session revoked): her session row is gone.
    const token = decodeURIComponent(signIn.cookies.find((c) => c.name.includes("session_token"))!.value);
    await t.ctx.db.delete(session).where(eq(session.token, token.split(".")[0]!));
    await t.ctx.collab.checkSessions();
    await until(() => her.closes.includes(COLLAB_CLOSE.signedOut), "4401");
    expect(him.closes).toEqual([]);
    her.destroy();
    him.destroy();
  });
});
