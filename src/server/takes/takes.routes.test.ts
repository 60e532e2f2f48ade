import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady, pairsList, pairUnready } from "../../common/api/takes";
import { TAKES_MESSAGES } from "../../common/schemas/takes";
import type { PostPair } from "../../common/takes";
import { blogPosts } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { PAIR_MESSAGES } from "./pairs.routes";
import { TAKE_SLOT_MESSAGES } from "./takes.reads";

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
});
afterAll(() => t.close());

const pairOf = async (accepted = true) => {
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.her, { topic: "Home" })
  ).json<PostPair>();
  if (accepted) await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.him);
  return pair.id;
};
const writeTake = (who: TestUser, author: "him" | "her", pairId: string, extra: object = {}) =>
  requestAs(t, "POST", "/api/posts", who, {
    author,
    pairId,
    title: "My take",
    content: "<p>Mine.</p>",
    ...extra,
  });
const pairAs = async (who: TestUser, id: string) =>
  (await requestAs(t, "GET", urlOf(pairsList), who)).json<PostPair[]>().find((p) => p.id === id)!;
const ready = (who: TestUser | null, id: string, yes = true) =>
  requestAs(t, yes ? "POST" : "DELETE", urlOf(yes ? pairReady : pairUnready, { id }), who);

describe("two takes › writing a take", () => {
  it("each author writes a take as a draft post of their own; the partner sees its state only", async () => {
    const id = await pairOf();
    expect((await pairAs(roles.him, id)).takes).toEqual({ him: "not started", her: "not started" });
    const res = await writeTake(roles.her, "her", id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ author: "her", status: "draft", title: "My take" });
    const forHim = await pairAs(roles.him, id);
    expect(forHim).toMatchObject({ takes: { him: "not started", her: "writing" }, myTakeId: null });
    expect(JSON.stringify(forHim)).not.toContain("My take");
    expect((await pairAs(roles.her, id)).myTakeId).toBe(res.json().id);
  });

  it("a take cannot be published or scheduled before the reveal, by any write", async () => {
    const id = await pairOf();
    for (const status of ["published", "scheduled"]) {
      const extra = status === "scheduled" ? { status, publishAt: "2099-01-01T00:00:00Z" } : { status };
      const res = await writeTake(roles.him, "him", id, extra);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(TAKES_MESSAGES.sealed);
    }
    const take = (await writeTake(roles.him, "him", id)).json();
    const publish = await requestAs(t, "PATCH", `/api/posts/${take.id}`, roles.him, { status: "published" });
    expect(publish.statusCode, publish.body).toBe(409);
    expect(publish.json().error).toEqual({ code: "CONFLICT", message: TAKES_MESSAGES.sealed });
    const schedule = await requestAs(t, "PATCH", `/api/posts/${take.id}`, roles.him, {
      status: "scheduled",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(schedule.statusCode).toBe(409);
    // The database holds the rule whatever writes the row.
    await expect(t.ctx.db.update(blogPosts).set({ status: "published" })).rejects.toThrow();
    const rows = await t.ctx.db
      .select({ status: blogPosts.status, pairId: blogPosts.pairId })
      .from(blogPosts);
    expect(rows.filter((r) => r.pairId).every((r) => r.status === "draft")).toBe(true);
  });

  it("refuses a take on a proposal not accepted, a second take, someone else's name, an invented pair", async () => {
    const open = await pairOf(false);
    const early = await writeTake(roles.him, "him", open);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(TAKE_SLOT_MESSAGES.notAccepted);
    const id = await pairOf();
    expect((await writeTake(roles.her, "her", id)).statusCode).toBe(201);
    const again = await writeTake(roles.her, "her", id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(TAKE_SLOT_MESSAGES.taken);
    expect((await writeTake(roles.her, "him", id)).statusCode).toBe(403);
    expect((await writeTake(roles.reader, "him", id)).statusCode).toBe(403);
    expect((await writeTake(roles.him, "him", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const bad = await writeTake(roles.him, "him", "not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("pairId");
  });
});

describe("two takes › ready and un-ready", () => {
  it("an author marks their own take ready and takes it back; the partner sees the state", async () => {
    const id = await pairOf();
    const none = await ready(roles.her, id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(PAIR_MESSAGES.noTake);
    await writeTake(roles.her, "her", id);
    const res = await ready(roles.her, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().takes).toEqual({ him: "not started", her: "ready" });
    expect((await pairAs(roles.him, id)).takes.her).toBe("ready");
    const back = await ready(roles.her, id, false);
    expect(back.statusCode, back.body).toBe(200);
    expect((await pairAs(roles.him, id)).takes.her).toBe("writing");
  });

  it("role matrix: visitor 401, reader 403; the other author readies only their own take", async () => {
    const id = await pairOf();
    await writeTake(roles.her, "her", id);
    for (const yes of [true, false]) {
      expect((await ready(null, id, yes)).statusCode).toBe(401);
      expect((await ready(roles.reader, id, yes)).statusCode).toBe(403);
    }
    // His ready is about his take, which he has not started: hers stays as it was.
    expect((await ready(roles.him, id)).statusCode).toBe(409);
    expect((await pairAs(roles.her, id)).takes).toEqual({ him: "not started", her: "writing" });
  });

  it("malformed input: an invented pair 404, a pair not accepted 409, a body with fields 400", async () => {
    expect((await ready(roles.her, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const open = await pairOf(false);
    const early = await ready(roles.her, open);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(PAIR_MESSAGES.notWriting);
    const extra = await requestAs(t, "POST", urlOf(pairReady, { id: open }), roles.her, { ready: true });
    expect(extra.statusCode).toBe(400);
  });
});
