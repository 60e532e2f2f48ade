import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorKey, PostStatus } from "../../common/limits";
import type { BlogPostCard, Page, PostReading } from "../../common/types";
import { blogPosts } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

async function insert(
  author: AuthorKey,
  title: string,
  date: string,
  status: PostStatus = "published",
  content = "<p>Text.</p>",
) {
  const [row] = await t.ctx.db
    .insert(blogPosts)
    .values({ title, content, author, date: new Date(date), status })
    .returning();
  t.ctx.cache.invalidate();
  return row!;
}

const reading = (id: string, user?: TestUser) =>
  t.request({ method: "GET", url: `/api/posts/${id}/reading`, cookie: user?.cookie });
const link = (p: { id: string; slug: string; title: string; date: Date }) => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  date: p.date.toISOString(),
});

let first: Awaited<ReturnType<typeof insert>>;
let second: Awaited<ReturnType<typeof insert>>;
let third: Awaited<ReturnType<typeof insert>>;
let draft: Awaited<ReturnType<typeof insert>>;
let scheduled: Awaited<ReturnType<typeof insert>>;
let hers: Awaited<ReturnType<typeof insert>>;
let hersLater: Awaited<ReturnType<typeof insert>>;

beforeAll(async () => {
  t = await buildTestApp();
  [him, her, reader] = [await t.as("him"), await t.as("her"), await t.as("user")];
  // His blog: first < draft < second < (her posts between) < third < scheduled (in the future).
  first = await insert("him", "His first", "2024-01-01T10:00:00Z");
  draft = await insert("him", "His draft", "2024-01-02T10:00:00Z", "draft");
  const words = Array.from({ length: 230 * 4 }, (_, i) => `w${i}`).join(" ");
  // The markup (a long class list, an image's alt text) is not read, so it does not count.
  second = await insert(
    "him",
    "His second",
    "2024-01-03T10:00:00Z",
    "published",
    `<p class="${"x ".repeat(500)}">${words}</p><img src="/uploads/blog-images/1_a.png" alt="${"alt ".repeat(500)}">`,
  );
  hers = await insert("her", "Her first", "2024-01-04T10:00:00Z");
  hersLater = await insert("her", "Her second", "2024-01-05T10:00:00Z");
  third = await insert("him", "His third", "2024-01-06T10:00:00Z");
  scheduled = await insert("him", "His scheduled", "2999-01-01T10:00:00Z", "scheduled");
});
afterAll(() => t.close());

describe("GET /api/posts/:id/reading", () => {
  it("gives the reading time from the text (~230 words a minute), not from the markup", async () => {
    const res = await reading(second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect((res.json() as PostReading).readingMinutes).toBe(4);
    expect(((await reading(first.id)).json() as PostReading).readingMinutes).toBe(1);
  });

  it("links the previous and next public post of the same blog, none at the ends", async () => {
    const mid = (await reading(second.id)).json() as PostReading;
    expect(mid.postId).toBe(second.id);
    // The draft sits between first and second, her posts between second and third: all skipped.
    expect(mid.previous).toEqual(link(first));
    expect(mid.next).toEqual(link(third));
    const oldest = (await reading(first.id)).json() as PostReading;
    expect(oldest.previous).toBeNull();
    expect(oldest.next).toEqual(link(second));
    // The scheduled post is newer but not public yet: the newest public post has no next.
    const newest = (await reading(third.id)).json() as PostReading;
    expect(newest.previous).toEqual(link(second));
    expect(newest.next).toBeNull();
    const herFirst = (await reading(hers.id)).json() as PostReading;
    expect(herFirst).toMatchObject({ previous: null, next: link(hersLater) });
  });

  it("carries the author's profile, and shows a change at once", async () => {
    const before = (await reading(hers.id)).json() as PostReading;
    // No profile saved yet: the display name given at registration (test-app registers "Her").
    expect(before.author).toEqual({ author: "her", name: "Her", bio: "", photoUrl: null, photoWidth: null });
    const put = await t.request({
      method: "PUT",
      url: "/api/authors/her",
      cookie: her.cookie,
      payload: { name: "Ana", bio: "Gardens and trains.", photoUrl: "/uploads/blog-images/1_ana.webp" },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await reading(hers.id)).json() as PostReading;
    expect(after.author).toEqual({
      author: "her",
      name: "Ana",
      bio: "Gardens and trains.",
      photoUrl: "/uploads/blog-images/1_ana.webp",
      photoWidth: null,
    });
  });

  it("a draft or scheduled post: 404 for a visitor, a reader and the other author; its author previews it", async () => {
    for (const post of [draft, scheduled]) {
      for (const user of [undefined, reader, her]) {
        const res = await reading(post.id, user);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: expect.any(String) } });
      }
      const own = await reading(post.id, him);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers["cache-control"]).toBe("private, no-store");
    }
    // A draft's neighbours are still public posts only.
    expect(((await reading(draft.id, him)).json() as PostReading).previous).toEqual(link(first));
    expect(((await reading(scheduled.id, him)).json() as PostReading).previous).toEqual(link(third));
  });

  it("answers 404 to ids that are not posts (malformed, unknown), 400/414 to a bad or huge one", async () => {
    for (const id of ["abc", "x".repeat(400), "00000000-0000-4000-8000-000000000000"]) {
      const res = await reading(id);
      expect(res.statusCode).toBe(404);
      expect((res.json() as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    const nul = await reading("%00");
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    // Longer than any route parameter: refused before routing, with the same error shape.
    const huge = await reading("x".repeat(5000));
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

describe("the latest posts of both blogs (home)", () => {
  it("/api/posts?limit=6 lists both blogs newest first, without drafts or scheduled posts", async () => {
    const res = await t.request({ method: "GET", url: "/api/posts?limit=6" });
    const page = res.json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.title)).toEqual([
      "His third",
      "Her second",
      "Her first",
      "His second",
      "His first",
    ]);
    expect(page.items.map((p) => p.author)).toEqual(["him", "her", "her", "him", "him"]);
  });
});
