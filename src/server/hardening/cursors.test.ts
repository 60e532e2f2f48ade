import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";

// Cursors come back from the client: a forged one is a 400, never a 500 from PostgreSQL.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString("base64url");
const ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";

const forgedListCursors = [
  `2020-01-01T00:00:00.000Z|${"-".repeat(36)}`,
  `275760-09-13|${ID}`,
  `-271821-04-20|${ID}`,
  `0000-01-01T00:00:00.000Z|${ID}`,
  `2020-02-30T00:00:00.000Z|${ID}`,
];
const forgedPostCursors = [`0000-01-01T00:00:00.000000Z|${ID}`, `2020-02-30T00:00:00.000000Z|${ID}`];

describe("forged cursors", () => {
  it("GET /api/posts › refuses a cursor with year 0 or 30 February with 400", async () => {
    for (const c of forgedPostCursors) {
      const res = await t.request({ method: "GET", url: `/api/posts?cursor=${b64(c)}` });
      expect(res.statusCode, c).toBe(400);
      expect(res.json().error.message).toBe("cursor is not valid.");
    }
  });

  it("GET /api/posts/:id/comments › refuses a visitor's forged cursor with 400", async () => {
    const post = await createPost(t.ctx);
    for (const c of forgedListCursors) {
      const res = await t.request({ method: "GET", url: `/api/posts/${post.id}/comments?cursor=${b64(c)}` });
      expect(res.statusCode, c).toBe(400);
      expect(res.json().error.message).toBe("cursor is not valid.");
    }
  });

  it("GET /api/contact/messages › refuses an author's forged cursor with 400", async () => {
    const him = await t.as("him");
    for (const c of forgedListCursors) {
      const res = await t.request({
        method: "GET",
        url: `/api/contact/messages?cursor=${b64(c)}`,
        cookie: him.cookie,
      });
      expect(res.statusCode, c).toBe(400);
      expect(res.json().error.message).toBe("cursor is not valid.");
    }
  });
});
