import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fediversePostReports } from "../db/schema";
import { requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ({ him, her, reader } = await signInRoles(t));
});
afterAll(() => t.close());

const req = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who: TestUser | null,
  payload?: unknown,
) => requestAs(t, method, url, who, payload);
const AP = { accept: "application/activity+json" };

describe("identity on the social web", () => {
  it("answers WebFinger for @her and @him with their actor documents", async () => {
    const res = await t.request({
      method: "GET",
      url: "/.well-known/webfinger?resource=acct:her@127.0.0.1:3000",
    });
    expect(res.statusCode, res.body).toBe(200);
    const finger = res.json() as { subject: string; links: { rel: string; href: string }[] };
    expect(finger.subject).toBe("acct:her@127.0.0.1:3000");
    const self = finger.links.find((l) => l.rel === "self");
    expect(self?.href).toBe("http://127.0.0.1:3000/ap/users/her");
    const unknown = await t.request({
      method: "GET",
      url: "/.well-known/webfinger?resource=acct:nobody@127.0.0.1:3000",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("serves the actor with its name, blog URL, inbox, followers and one stable key", async () => {
    const res = await t.request({ method: "GET", url: "/ap/users/him", headers: AP });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/activity+json");
    const actor = res.json() as Record<string, unknown> & { publicKey: { publicKeyPem: string } };
    expect(actor).toMatchObject({
      type: "Person",
      preferredUsername: "him",
      name: "His Blog",
      url: "http://127.0.0.1:3000/his-blog",
      inbox: "http://127.0.0.1:3000/ap/users/him/inbox",
      followers: "http://127.0.0.1:3000/ap/users/him/followers",
    });
    const page = await t.request({ method: "GET", url: "/ap/users/him", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/his-blog");
    const again = (
      await t.request({ method: "GET", url: "/ap/users/him", headers: AP })
    ).json() as typeof actor;
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
  });

  it("serves NodeInfo and empty public collections", async () => {
    const links = await t.request({ method: "GET", url: "/.well-known/nodeinfo" });
    expect(links.statusCode).toBe(200);
    const info = await t.request({ method: "GET", url: "/nodeinfo/2.1" });
    expect((info.json() as { software: { name: string } }).software.name).toBe("duet");
    const followers = await t.request({ method: "GET", url: "/ap/users/her/followers", headers: AP });
    expect(followers.statusCode, followers.body).toBe(200);
    expect(followers.json()).toMatchObject({ totalItems: 0 });
    const outbox = await t.request({ method: "GET", url: "/ap/users/her/outbox", headers: AP });
    expect(outbox.json()).toMatchObject({ totalItems: 0 });
  });

  it("refuses an unsigned inbox post and one too big, storing nothing", async () => {
    const unsigned = await t.request({
      method: "POST",
      url: "/ap/inbox",
      headers: { "content-type": "application/activity+json" },
      payload: JSON.stringify({
        "@context": "https://www.w3.org/ns/activitystreams",
        id: "https://remote.example/follows/1",
        type: "Follow",
        actor: "https://remote.example/users/eve",
        object: "http://127.0.0.1:3000/ap/users/her",
      }),
    });
    expect(unsigned.statusCode).toBe(401);
    const big = await t.request({
      method: "POST",
      url: "/ap/users/her/inbox",
      headers: { "content-type": "application/activity+json" },
      payload: "x".repeat(300 * 1024),
    });
    expect(big.statusCode).toBe(413);
    expect((await req("GET", "/api/admin/fediverse", her)).json()).toMatchObject({ followers: 0 });
  });
});

describe("GET/PUT /api/admin/fediverse", () => {
  it("refuses visitors (401) and readers (403)", async () => {
    expect((await req("GET", "/api/admin/fediverse", null)).statusCode).toBe(401);
    expect((await req("GET", "/api/admin/fediverse", reader)).statusCode).toBe(403);
    expect((await req("GET", "/api/admin/fediverse/followers", reader)).statusCode).toBe(403);
    expect((await req("PUT", "/api/admin/fediverse/handle", reader, { handle: "x" })).statusCode).toBe(403);
    expect(
      (await req("POST", "/api/admin/fediverse/blocked-servers", null, { host: "a.example" })).statusCode,
    ).toBe(401);
  });

  it("shows each author their own address and followers", async () => {
    const mine = await req("GET", "/api/admin/fediverse", her);
    expect(mine.json()).toMatchObject({ author: "her", address: "@her@127.0.0.1:3000", followers: 0 });
    const his = await req("GET", "/api/admin/fediverse/followers", him);
    expect(his.json()).toEqual({ total: 0, items: [], nextCursor: null });
  });

  it("changes a handle while nobody follows; the other author's handle is taken", async () => {
    const res = await req("PUT", "/api/admin/fediverse/handle", her, { handle: " Anna_B " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handle: "anna_b", address: "@anna_b@127.0.0.1:3000" });
    const finger = await t.request({
      method: "GET",
      url: "/.well-known/webfinger?resource=acct:anna_b@127.0.0.1:3000",
    });
    expect(finger.statusCode).toBe(200);
    const taken = await req("PUT", "/api/admin/fediverse/handle", him, { handle: "anna_b" });
    expect(taken.statusCode).toBe(409);
    expect((await req("PUT", "/api/admin/fediverse/handle", her, { handle: "her" })).statusCode).toBe(200);
  });

  it("rejects malformed input with a clear 400 and stores nothing", async () => {
    for (const body of [
      { handle: 5 },
      { handle: "a b" },
      { handle: "x".repeat(10_000) },
      { handle: "ok", extra: 1 },
      null,
    ]) {
      const res = await req("PUT", "/api/admin/fediverse/handle", her, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toBeTruthy();
    }
    for (const body of [
      { host: "" },
      { host: "a".repeat(300) },
      { host: 1 },
      { host: "x.example", more: true },
    ]) {
      expect((await req("POST", "/api/admin/fediverse/blocked-servers", him, body)).statusCode).toBe(400);
    }
    expect((await req("GET", "/api/admin/fediverse/followers?cursor=abc", him)).statusCode).toBe(400);
    expect((await req("GET", "/api/admin/fediverse", her)).json()).toMatchObject({ handle: "her" });
  });

  it("lets either author block and unblock a server", async () => {
    const add = await req("POST", "/api/admin/fediverse/blocked-servers", him, { host: "Spam.Example" });
    expect(add.statusCode, add.body).toBe(201);
    const list = await req("GET", "/api/admin/fediverse/blocked-servers", her);
    expect((list.json() as { items: { host: string }[] }).items.map((i) => i.host)).toEqual(["spam.example"]);
    expect((await req("DELETE", "/api/admin/fediverse/blocked-servers/spam.example", her)).statusCode).toBe(
      204,
    );
    expect((await req("GET", "/api/admin/fediverse/blocked-servers", him)).json()).toEqual({ items: [] });
  });
});

describe("social-web reports about posts (/api/admin/fediverse/reports)", () => {
  it("lists a post's reports to its author alone, who dismisses them; others get 401/403/404", async () => {
    const post = await req("POST", "/api/posts", her, {
      title: "Reported",
      content: "<p>x</p>",
      author: "her",
    });
    expect(post.statusCode, post.body).toBe(201);
    const postId = (post.json() as { id: string }).id;
    const [row] = await t.ctx.db
      .insert(fediversePostReports)
      .values({
        activityId: "https://remote.example/flags/1",
        postId,
        host: "remote.example",
        reason: "From remote.example: spam",
      })
      .returning();
    const url = "/api/admin/fediverse/reports";
    expect((await req("GET", url, null)).statusCode).toBe(401);
    expect((await req("GET", url, reader)).statusCode).toBe(403);
    expect((await req("GET", url, him)).json()).toEqual({ items: [] });
    const mine = await req("GET", url, her);
    expect(mine.json()).toMatchObject({
      items: [
        {
          id: String(row!.id),
          postId,
          postTitle: "Reported",
          host: "remote.example",
          reason: "From remote.example: spam",
        },
      ],
    });
    const dismiss = `${url}/${row!.id}/dismiss`;
    expect((await req("POST", dismiss, null)).statusCode).toBe(401);
    expect((await req("POST", dismiss, reader)).statusCode).toBe(403);
    expect((await req("POST", dismiss, him)).statusCode).toBe(404);
    expect((await req("GET", url, her)).json()).toMatchObject({ items: [{ postId }] });
    expect((await req("POST", dismiss, her)).statusCode).toBe(204);
    expect((await req("GET", url, her)).json()).toEqual({ items: [] });
  });

  it("rejects malformed input with a clear 4xx", async () => {
    const bad = await req("GET", "/api/admin/fediverse/reports?extra=1", her);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: { message: string } }).error.message).toBeTruthy();
    for (const id of ["abc", "1".repeat(40), "-1", "999999"])
      expect((await req("POST", `/api/admin/fediverse/reports/${id}/dismiss`, her)).statusCode, id).toBe(404);
    const body = await req("POST", "/api/admin/fediverse/reports/1/dismiss", her, { x: 1 });
    expect(body.statusCode).toBe(400);
  });
});
