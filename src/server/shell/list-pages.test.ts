import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostCard, Page } from "../../common/types";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";

// A list page without JavaScript: `?cursor=` renders the next older page on the server, and its
// 'Load more' is a link to the one after it.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const start = t.ctx.now().getTime() - 100 * 3_600_000;
  for (let i = 1; i <= 14; i++) {
    await createPost(t.ctx, {
      title: `Older walk ${i}`,
      hashtags: ["walk"],
      date: new Date(start + i * 3_600_000),
    });
  }
  t.ctx.cache.invalidate();
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: "GET", url });
const titles = (html: string) => [...html.matchAll(/"title":"(Older walk \d+)"/g)].map((m) => m[1]);

// The page's inlined data is what the server renders and the browser hydrates (the rendered
// link itself: load-more.test.tsx).
describe("list pages walk by ?cursor=", () => {
  for (const path of ["/his-blog", "/tags/walk"]) {
    it(`${path}?cursor= is the next older page, as the API pages it`, async () => {
      const query = path === "/his-blog" ? "author=him" : "tag=walk";
      const api = (await get(`/api/posts?${query}`)).json() as Page<BlogPostCard>;
      const first = await get(path);
      expect(first.statusCode).toBe(200);
      expect(titles(first.body)).toContain("Older walk 14");
      expect(first.body).toContain(api.nextCursor!);
      const second = await get(`${path}?cursor=${encodeURIComponent(api.nextCursor!)}`);
      expect(second.statusCode).toBe(200);
      expect(titles(second.body)).toEqual(["Older walk 2", "Older walk 1"]);
    });
  }

  it("a cursor it did not make is a 400, not a server error", async () => {
    for (const cursor of ["nope", "%00", "x".repeat(300)]) {
      const res = await get(`/his-blog?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
    }
  });
});
