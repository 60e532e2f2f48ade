import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../common/engagement";
import { createPost } from "../test/factories";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await buildTestApp();
  r = await signInRoles(t);
});
afterAll(() => t.close());

const req = (method: "GET" | "POST", url: string, who: TestUser | null) => requestAs(t, method, url, who);

async function commentOn(postId: string, who: TestUser, content: string) {
  const res = await requestAs(t, "POST", `/api/posts/${postId}/comments`, who, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}

interface Item {
  id: string;
  content: string;
  read: boolean;
  postSlug: string;
  postTitle: string;
}
const inbox = async (who: TestUser, query = "") => {
  const res = await req("GET", `/api/inbox/comments${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; nextCursor: string | null };
};

describe("the Inbox's comments (GET /api/inbox/comments, POST /api/inbox/comments/:id/read)", () => {
  it("lists new comments on the author's own posts only, newest first, unread until marked read", async () => {
    const his = await createPost(t.ctx, { author: "him", title: "His trip" });
    const hers = await createPost(t.ctx, { author: "her", title: "Her trip" });
    const first = await commentOn(his.id, r.reader, "Lovely first");
    await commentOn(hers.id, r.reader, "On hers");
    await commentOn(his.id, r.him, "My own reply");
    const second = await commentOn(his.id, r.reader, "Lovely second");

    const page = await inbox(r.him);
    expect(page.items.map((i) => [i.content, i.read, i.postTitle])).toEqual([
      ["Lovely second", false, "His trip"],
      ["Lovely first", false, "His trip"],
    ]);
    expect(page.items[0]?.postSlug).toBe(his.slug);
    expect((await inbox(r.her)).items.map((i) => i.content)).toEqual(["On hers"]);

    // The other author cannot mark it read (missing to her); the owner can, more than once.
    expect((await req("POST", `/api/inbox/comments/${first.id}/read`, r.her)).statusCode).toBe(404);
    expect((await req("POST", `/api/inbox/comments/${first.id}/read`, r.him)).statusCode).toBe(204);
    expect((await req("POST", `/api/inbox/comments/${first.id}/read`, r.him)).statusCode).toBe(204);
    expect((await inbox(r.him)).items.map((i) => [i.id, i.read])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
  });

  it("pages with a cursor, without repeats", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    for (const n of [1, 2, 3]) await commentOn(post.id, r.reader, `Paged ${n}`);
    const one = await inbox(r.her, "?limit=2");
    expect(one.items).toHaveLength(2);
    expect(one.nextCursor).not.toBeNull();
    const two = await inbox(r.her, `?limit=2&cursor=${one.nextCursor}`);
    const all = [...one.items, ...two.items].map((i) => i.content);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 3)).toEqual(["Paged 3", "Paged 2", "Paged 1"]);
  });

  it("refuses visitors (401) and readers (403), and bad input with a 4xx", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const c = await commentOn(post.id, r.reader, "Hello");
    expect((await req("GET", "/api/inbox/comments", null)).statusCode).toBe(401);
    expect((await req("GET", "/api/inbox/comments", r.reader)).statusCode).toBe(403);
    expect((await req("POST", `/api/inbox/comments/${c.id}/read`, null)).statusCode).toBe(401);
    expect((await req("POST", `/api/inbox/comments/${c.id}/read`, r.reader)).statusCode).toBe(403);
    for (const q of ["?cursor=nope", "?limit=0", "?limit=x", "?extra=1"]) {
      const res = await req("GET", `/api/inbox/comments${q}`, r.him);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    const missing = await req("POST", "/api/inbox/comments/not-an-id/read", r.him);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("NOT_FOUND");
    const unknown = await req("POST", "/api/inbox/comments/00000000-0000-4000-8000-000000000000/read", r.him);
    expect(unknown.statusCode).toBe(404);
  });
});
