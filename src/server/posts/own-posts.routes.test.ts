import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
const mine: BlogPost[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
  const create = async (user: TestUser, author: string, extra: Record<string, unknown>) => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: user.cookie,
      payload: { title: `${author} ${JSON.stringify(extra)}`, content: "<p>c</p>", author, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BlogPost;
  };
  mine.push(await create(him, "him", {}));
  mine.push(await create(him, "him", { status: "draft" }));
  mine.push(
    await create(him, "him", {
      status: "scheduled",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  );
  await create(her, "her", { status: "draft" });
});
afterAll(() => t.close());

const own = (user: TestUser | undefined, query = "") =>
  t.request({ method: "GET", url: `/api/me/posts${query}`, cookie: user?.cookie });

describe("GET /api/me/posts", () => {
  it("lists only the author's own posts, every status, newest publish time first", async () => {
    const res = await own(him);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const page = res.json() as Page<BlogPostCard>;
    expect(page.items.map((p) => [p.id, p.status])).toEqual([
      [mine[2]!.id, "scheduled"],
      [mine[1]!.id, "draft"],
      [mine[0]!.id, "published"],
    ]);
    expect(page.items.every((p) => p.author === "him")).toBe(true);
    const hers = (await own(her)).json() as Page<BlogPostCard>;
    expect(hers.items.map((p) => p.status)).toEqual(["draft"]);
  });

  it("pages with a cursor", async () => {
    const first = (await own(him, "?limit=2")).json() as Page<BlogPostCard>;
    expect(first.items).toHaveLength(2);
    const second = (await own(him, `?limit=2&cursor=${first.nextCursor}`)).json() as Page<BlogPostCard>;
    expect(second.items.map((p) => p.id)).toEqual([mine[0]!.id]);
    expect(second.nextCursor).toBeNull();
  });

  it("role matrix: visitor 401, reader 403", async () => {
    expect((await own(undefined)).statusCode).toBe(401);
    expect((await own(reader)).statusCode).toBe(403);
  });

  it("refuses a bad limit, a forged cursor and unknown fields with 400", async () => {
    for (const [query, message] of [
      ["?limit=0", "limit must be a whole number from 1 to 50."],
      ["?limit=51", "limit must be a whole number from 1 to 50."],
      ["?cursor=abc", "cursor is not valid."],
      [`?cursor=${"a".repeat(300)}`, "cursor is not valid."],
      ["?author=her", "Unknown field: author."],
    ]) {
      const res = await own(him, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
  });
});
