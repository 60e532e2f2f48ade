import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../common/engagement";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { WRITE_LIMIT_MESSAGES, WRITE_LIMITS } from "../write-limits";

// Smaller: a reader cannot report a comment they cannot see, and reports are limited.

let t: TestApp;
let him: TestUser;
let writer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  writer = await t.signUp({ email: "writer@example.com" });
});
afterAll(() => t.close());

const report = (id: string, who: TestUser, remoteAddress?: string) =>
  t.request({
    method: "POST",
    url: `/api/comments/${id}/report`,
    cookie: who.cookie,
    payload: { reason: "Spam" },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function commentOn(postId: string, who: TestUser, content: string) {
  const res = await t.request({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    cookie: who.cookie,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}

describe("POST /api/comments/:id/report › what a reader cannot see", () => {
  it("a held comment is missing (404) to a reader, as a comment that does not exist; its writer and the author see it", async () => {
    const reader = await t.signUp();
    const post = await createPost(t.ctx, { author: "him", title: "Held" });
    await t.request({
      method: "PATCH",
      url: "/api/moderation",
      cookie: him.cookie,
      payload: { holdFirstComments: true },
    });
    const newcomer = await t.signUp({ email: "newcomer@example.com" });
    const held = await commentOn(post.id, newcomer, "Wait for me");
    expect(held.held).toBe(true);
    const missing = await report(held.id, reader);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: "NOT_FOUND", message: "Comment not found" });
    expect((await report("00000000-0000-4000-8000-000000000000", reader)).json().error).toEqual(
      missing.json().error,
    );
    expect((await report(held.id, newcomer)).statusCode).toBe(400);
    // The other author may not see it either; the post's author may.
    expect((await report(held.id, await t.as("her"))).statusCode).toBe(404);
    expect((await report(held.id, him)).statusCode).toBe(201);
    await t.request({
      method: "PATCH",
      url: "/api/moderation",
      cookie: him.cookie,
      payload: { holdFirstComments: false },
    });
  });

  it("a hidden comment is missing (404) to a reader", async () => {
    const reader = await t.signUp();
    const post = await createPost(t.ctx, { author: "him", title: "Hidden" });
    const c = await commentOn(post.id, writer, "Hide me");
    const hide = await t.request({
      method: "PATCH",
      url: `/api/comments/${c.id}/visibility`,
      cookie: him.cookie,
      payload: { hidden: true },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await report(c.id, reader)).statusCode).toBe(404);
  });
});

describe("POST /api/comments/:id/report › limits", () => {
  it(`one reader: ${WRITE_LIMITS.report.max} an hour, then 429 with a clear message; another reader still can`, async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Many" });
    const c = await commentOn(post.id, writer, "Report me");
    const busy = await t.signUp();
    for (let i = 0; i < WRITE_LIMITS.report.max; i++) expect((await report(c.id, busy)).statusCode).toBe(201);
    const limited = await report(c.id, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(WRITE_LIMIT_MESSAGES.report);
    expect((await report(c.id, await t.signUp())).statusCode).toBe(201);
  });

  it(`one address (an IPv6 /64 counts as one): ${WRITE_LIMITS.reportPerAddress.max} an hour over every account`, async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Crowd" });
    const c = await commentOn(post.id, writer, "Crowd me");
    const perReader = WRITE_LIMITS.report.max;
    const readers = await Promise.all(
      Array.from({ length: Math.ceil(WRITE_LIMITS.reportPerAddress.max / perReader) + 1 }, () => t.signUp()),
    );
    let n = 0;
    for (const reader of readers.slice(0, -1))
      for (let i = 0; i < perReader && n < WRITE_LIMITS.reportPerAddress.max; i++, n++)
        expect((await report(c.id, reader, `2001:db8:5:5::${(n + 1).toString(16)}`)).statusCode).toBe(201);
    const limited = await report(c.id, readers.at(-1)!, "2001:db8:5:5:ffff::1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(WRITE_LIMIT_MESSAGES.reportPerAddress);
    expect((await report(c.id, readers.at(-1)!, "2001:db8:5:6::1")).statusCode).toBe(201);
  });
});
