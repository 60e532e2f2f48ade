import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose } from "../../common/api/takes";
import { TAKES_MESSAGES } from "../../common/schemas/takes";
import type { PostPair } from "../../common/takes";
import type { BlogPost, OwnPostCard, Page, PostReading } from "../../common/types";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";

// Decision 0046: the author's own list marks a take of a pair not yet revealed, so the studio
// offers no Publish that the server would refuse; readers' lists never carry the mark.

let t: TestApp;
let roles: Roles;
let take: BlogPost;
let draft: BlogPost;

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Our trip" })
  ).json<PostPair>();
  await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
  const write = async (payload: Record<string, unknown>) => {
    const res = await requestAs(t, "POST", "/api/posts", roles.her, {
      author: "her",
      content: "<p>c</p>",
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BlogPost>();
  };
  take = await write({ pairId: pair.id, title: "My take" });
  draft = await write({ title: "Plain draft", status: "draft" });
});
afterAll(() => t.close());

describe("GET /api/me/posts and sealed takes", () => {
  it("marks a take of an unrevealed pair, not an ordinary draft", async () => {
    const res = await requestAs(t, "GET", "/api/me/posts", roles.her);
    expect(res.statusCode).toBe(200);
    const items = res.json<Page<OwnPostCard>>().items;
    const byId = new Map(items.map((post) => [post.id, post]));
    expect(byId.get(take.id)?.status).toBe("draft");
    expect(byId.get(take.id)?.sealedTake).toBe(true);
    expect(byId.get(draft.id)?.status).toBe("draft");
    expect(byId.get(draft.id)).not.toHaveProperty("sealedTake");
  });

  it("the partner's own list has neither", async () => {
    const res = await requestAs(t, "GET", "/api/me/posts", roles.him);
    const ids = res.json<Page<OwnPostCard>>().items.map((post) => post.id);
    expect(ids).not.toContain(take.id);
    expect(ids).not.toContain(draft.id);
  });
});

describe("GET /api/posts/:id/reading and sealed takes", () => {
  it("tells the take's author that it is sealed, so the editor offers no Publish", async () => {
    const res = await requestAs(t, "GET", `/api/posts/${take.id}/reading`, roles.her);
    expect(res.statusCode).toBe(200);
    expect(res.json<PostReading>().sealedTake).toBe(true);
    const plain = await requestAs(t, "GET", `/api/posts/${draft.id}/reading`, roles.her);
    expect(plain.json<PostReading>()).not.toHaveProperty("sealedTake");
  });

  it("the server still refuses to publish it alone, in words the editor shows", async () => {
    const res = await requestAs(t, "PATCH", `/api/posts/${take.id}`, roles.her, { status: "published" });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(TAKES_MESSAGES.sealed);
  });

  it("is no one else's to read", async () => {
    for (const who of [roles.him, roles.reader, null]) {
      const res = await requestAs(t, "GET", `/api/posts/${take.id}/reading`, who);
      expect(res.statusCode).toBe(404);
    }
  });
});
