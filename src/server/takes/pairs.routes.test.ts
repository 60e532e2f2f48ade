import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairDecline, pairPropose, pairsList } from "../../common/api/takes";
import { PAIR_TOPIC_MAX_LENGTH } from "../../common/limits";
import { TAKES_MESSAGES } from "../../common/schemas/takes";
import type { PostPair } from "../../common/takes";
import { domainEvents, postPairs } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { PAIR_MESSAGES } from "./pairs.routes";

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(postPairs);
});

const propose = (who: TestUser | null, body: unknown) => requestAs(t, "POST", urlOf(pairPropose), who, body);
const answer = (who: TestUser | null, id: string, yes: boolean) =>
  requestAs(t, "POST", urlOf(yes ? pairAccept : pairDecline, { id }), who);
const list = async (who: TestUser) => (await requestAs(t, "GET", urlOf(pairsList), who)).json<PostPair[]>();
const stored = () => t.ctx.db.select().from(postPairs);
const pairEvents = async () =>
  (await t.ctx.db.select().from(domainEvents)).filter((e) => e.name === "pairChanged").length;

const later = () => new Date(t.ctx.now().getTime() + 7 * 86_400_000).toISOString();

describe("two takes › propose", () => {
  it("an author proposes a topic, a prompt and a reveal date; the partner is told in the studio", async () => {
    const before = await pairEvents();
    const revealAt = later();
    const res = await propose(roles.her, {
      topic: "  Our trip  ",
      prompt: "The best meal of the trip",
      revealAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const pair = res.json<PostPair>();
    expect(pair).toMatchObject({
      topic: "Our trip",
      prompt: "The best meal of the trip",
      revealAt,
      state: "proposed",
      proposedBy: "her",
      decidedAt: null,
      revealedAt: null,
      waitingForMe: false,
    });
    expect(await pairEvents()).toBe(before + 1);
    // The partner's studio notice: the proposal waits for him, not for her.
    expect((await list(roles.him)).map((p) => [p.id, p.waitingForMe])).toEqual([[pair.id, true]]);
    expect((await list(roles.her)).map((p) => [p.id, p.waitingForMe])).toEqual([[pair.id, false]]);
  });

  it("the prompt and the reveal date are optional", async () => {
    const res = await propose(roles.him, { topic: "Mornings" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ topic: "Mornings", prompt: "", revealAt: null, proposedBy: "him" });
  });

  it("role matrix: a visitor 401, a reader 403, storing nothing", async () => {
    expect((await propose(null, { topic: "x" })).statusCode).toBe(401);
    const reader = await propose(roles.reader, { topic: "x" });
    expect(reader.statusCode).toBe(403);
    expect(reader.json().error.message).toBe("Only the two authors can write two-takes posts.");
    expect((await requestAs(t, "GET", urlOf(pairsList), null)).statusCode).toBe(401);
    expect((await requestAs(t, "GET", urlOf(pairsList), roles.reader)).statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ["no topic", {}, TAKES_MESSAGES.topicRequired],
    ["a blank topic", { topic: "   " }, TAKES_MESSAGES.topicRequired],
    ["a topic that is not text", { topic: 42 }, TAKES_MESSAGES.topicRequired],
    ["a huge topic", { topic: "x".repeat(PAIR_TOPIC_MAX_LENGTH + 1) }, TAKES_MESSAGES.topicTooLong],
    ["a huge prompt", { topic: "t", prompt: "x".repeat(100_000) }, TAKES_MESSAGES.promptTooLong],
    ["a prompt that is a list", { topic: "t", prompt: ["x"] }, "Prompt must be text"],
    ["a topic on two lines", { topic: "a\nb" }, "Topic"],
    ["a reveal date that is no date", { topic: "t", revealAt: "soon" }, TAKES_MESSAGES.revealAt],
    [
      "a reveal date in the past",
      { topic: "t", revealAt: "2020-01-01T00:00:00Z" },
      PAIR_MESSAGES.revealAtInPast,
    ],
    ["a reveal date too far", { topic: "t", revealAt: "2999-01-01T00:00:00Z" }, PAIR_MESSAGES.revealAtTooFar],
    ["an unknown field", { topic: "t", state: "revealed" }, "state"],
    ["a body that is a list", ["t"], "The request body must be a JSON object."],
  ])("refuses %s with a clear 400, storing nothing", async (_, body, message) => {
    const res = await propose(roles.her, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    expect(res.json().error.message).toContain(message);
    expect(await stored()).toEqual([]);
  });
});

describe("two takes › accept and decline", () => {
  const proposed = async () => (await propose(roles.her, { topic: "Home" })).json<PostPair>();

  it("the partner accepts once; the pair leaves his notice", async () => {
    const pair = await proposed();
    const res = await answer(roles.him, pair.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: pair.id, state: "accepted", waitingForMe: false });
    expect(res.json().decidedAt).not.toBeNull();
    expect((await list(roles.him))[0]).toMatchObject({ state: "accepted", waitingForMe: false });
    // A second answer, either way, changes nothing.
    const again = await answer(roles.him, pair.id, false);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PAIR_MESSAGES.answered);
    expect((await stored())[0]!.state).toBe("accepted");
  });

  it("the partner declines; the proposer sees the answer", async () => {
    const pair = await proposed();
    expect((await answer(roles.him, pair.id, false)).json()).toMatchObject({ state: "declined" });
    expect((await list(roles.her))[0]).toMatchObject({ id: pair.id, state: "declined" });
    expect((await answer(roles.him, pair.id, true)).statusCode).toBe(409);
  });

  it("role matrix: visitor 401, reader 403, the proposer herself 403, changing nothing", async () => {
    const pair = await proposed();
    for (const yes of [true, false]) {
      expect((await answer(null, pair.id, yes)).statusCode).toBe(401);
      expect((await answer(roles.reader, pair.id, yes)).statusCode).toBe(403);
      const own = await answer(roles.her, pair.id, yes);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(PAIR_MESSAGES.ownProposal);
    }
    expect((await stored())[0]).toMatchObject({ state: "proposed", decidedAt: null });
  });

  it("malformed input: an unknown id 404, a body with fields 400, changing nothing", async () => {
    const pair = await proposed();
    const missing = await answer(roles.him, "00000000-0000-4000-8000-000000000000", true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(PAIR_MESSAGES.notFound);
    expect((await answer(roles.him, "not-an-id", true)).statusCode).toBe(404);
    const extra = await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.him, { state: "x" });
    expect(extra.statusCode).toBe(400);
    expect((await stored())[0]!.state).toBe("proposed");
  });

  it("two answers at once change the pair once", async () => {
    const pair = await proposed();
    const both = await Promise.all([answer(roles.him, pair.id, true), answer(roles.him, pair.id, false)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json<PostPair>();
    expect((await stored())[0]!.state).toBe(winner.state);
  });
});
