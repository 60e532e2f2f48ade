import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_MESSAGE } from "../../common/schemas/fediverse";
import { blogPosts, fediverseFollowers, fediverseFollowRequests, fediversePostReports } from "../db/schema";
import { REPO_ROOT } from "../paths";
import { createPost } from "../test/factories";
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
      // No public name set: 'Him', as on the byline (publicAuthorName).
      name: "Him",
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
    // Its version is the package's, not a number written down once.
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    expect((info.json() as { software: unknown }).software).toMatchObject({ name: "duet", version });
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
    // Who asks is checked before what they sent: no 400 tells a stranger what the route takes.
    expect((await req("PUT", "/api/admin/fediverse/handle", null, { handle: 5 })).statusCode).toBe(401);
    expect((await req("PUT", "/api/admin/fediverse/handle", reader, { x: 1 })).statusCode).toBe(403);
    expect((await req("GET", "/api/admin/fediverse/reports?extra=1", null)).statusCode).toBe(401);
    expect((await req("POST", "/api/admin/fediverse/reports/abc/dismiss", reader)).statusCode).toBe(403);
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
    const bad = await req("DELETE", "/api/admin/fediverse/blocked-servers/not%20a%20host", her);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: HOST_MESSAGE } });
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

// ---- Follower approval, handle aliases and the header image (docs/fediverse.md).
const HOST = "127.0.0.1:3000";
// Remote people on a reserved domain: the Accept/Reject queued for them is never delivered.
const person = (name: string) => `https://social.invalid/users/${name}`;
const hold = (author: "him" | "her", name: string) =>
  t.ctx.db.insert(fediverseFollowRequests).values({
    author,
    actorId: person(name),
    handle: `@${name}@social.invalid`,
    name: name.toUpperCase(),
    inbox: `${person(name)}/inbox`,
    followId: `https://social.invalid/follows/${name}`,
  });
const requestsOf = async (who: TestUser) =>
  (await req("GET", "/api/admin/fediverse/follow-requests", who)).json() as {
    total: number;
    items: { actorId: string; handle: string; name: string; avatarUrl: string | null }[];
  };
const followersOf = (author: "him" | "her") =>
  t.ctx.db.select().from(fediverseFollowers).where(eq(fediverseFollowers.author, author));

describe("follower approval", () => {
  it("is off by default and turned on per author; the actor then says it approves followers", async () => {
    expect((await req("GET", "/api/admin/fediverse", her)).json()).toMatchObject({
      approveFollowers: false,
      pendingFollowers: 0,
    });
    const on = await req("PUT", "/api/admin/fediverse/settings", her, { approveFollowers: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ author: "her", approveFollowers: true });
    const actor = await t.request({ method: "GET", url: "/ap/users/her", headers: AP });
    expect(actor.json()).toMatchObject({ manuallyApprovesFollowers: true });
    const his = await t.request({ method: "GET", url: "/ap/users/him", headers: AP });
    expect(his.json()).toMatchObject({ manuallyApprovesFollowers: false });
  });

  it("refuses visitors (401) and readers (403) on every new route", async () => {
    const routes = [
      ["GET", "/api/admin/fediverse/follow-requests", undefined],
      ["PUT", "/api/admin/fediverse/settings", { approveFollowers: true }],
      ["POST", "/api/admin/fediverse/follow-requests/accept", { actorId: person("ana") }],
      ["POST", "/api/admin/fediverse/follow-requests/reject", { actorId: person("ana") }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await req(method, url, null, body)).statusCode, url).toBe(401);
      expect((await req(method, url, reader, body)).statusCode, url).toBe(403);
    }
  });

  it("shows each author only their own requests; the other author cannot settle them (404)", async () => {
    await hold("her", "ana");
    await hold("her", "bea");
    expect(await requestsOf(him)).toMatchObject({ total: 0, items: [] });
    const mine = await requestsOf(her);
    expect(mine.total).toBe(2);
    expect(mine.items.map((i) => i.handle).sort()).toEqual(["@ana@social.invalid", "@bea@social.invalid"]);
    expect(mine.items[0]!.avatarUrl).toBeNull();
    for (const action of ["accept", "reject"]) {
      const res = await req("POST", `/api/admin/fediverse/follow-requests/${action}`, him, {
        actorId: person("ana"),
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await requestsOf(her)).total).toBe(2);
    expect(await followersOf("him")).toHaveLength(0);
  });

  it("accept makes the person a follower; reject lets them go; neither twice", async () => {
    const accept = await req("POST", "/api/admin/fediverse/follow-requests/accept", her, {
      actorId: person("ana"),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toEqual({ actorId: person("ana"), status: "accepted" });
    const reject = await req("POST", "/api/admin/fediverse/follow-requests/reject", her, {
      actorId: person("bea"),
    });
    expect(reject.json()).toEqual({ actorId: person("bea"), status: "rejected" });
    expect((await followersOf("her")).map((f) => f.handle)).toEqual(["@ana@social.invalid"]);
    expect(await requestsOf(her)).toMatchObject({ total: 0 });
    const again = await req("POST", "/api/admin/fediverse/follow-requests/accept", her, {
      actorId: person("bea"),
    });
    expect(again.statusCode).toBe(404);
    expect((await req("GET", "/api/admin/fediverse", her)).json()).toMatchObject({
      followers: 1,
      pendingFollowers: 0,
    });
  });

  it("rejects malformed input with a clear 400 and changes nothing", async () => {
    await hold("her", "cleo");
    for (const body of [
      { actorId: 5 },
      { actorId: "not a url" },
      { actorId: "javascript:alert(1)" },
      { actorId: `https://a.example/${"x".repeat(5000)}` },
      { actorId: person("cleo"), extra: 1 },
      null,
    ]) {
      const res = await req("POST", "/api/admin/fediverse/follow-requests/accept", her, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message).toBeTruthy();
    }
    for (const body of [{ approveFollowers: "yes" }, {}, { approveFollowers: false, more: true }, []]) {
      const res = await req("PUT", "/api/admin/fediverse/settings", her, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await req("GET", "/api/admin/fediverse/follow-requests?cursor=x", her)).statusCode).toBe(400);
    expect((await requestsOf(her)).total).toBe(1);
    expect((await req("GET", "/api/admin/fediverse", her)).json()).toMatchObject({ approveFollowers: true });
  });
});

describe("a handle change after followers", () => {
  it("keeps the old handle answering WebFinger for the same actor, and the other cannot take it", async () => {
    // `her` has a follower (ana): her old handle becomes an alias.
    const res = await req("PUT", "/api/admin/fediverse/handle", her, { handle: "clara" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ handle: "clara", oldAddresses: [`@her@${HOST}`] });
    for (const handle of ["clara", "her"]) {
      const finger = await t.request({
        method: "GET",
        url: `/.well-known/webfinger?resource=acct:${handle}@${HOST}`,
      });
      expect(finger.statusCode, handle).toBe(200);
      const self = (finger.json() as { links: { rel: string; href: string }[] }).links.find(
        (l) => l.rel === "self",
      );
      expect(self?.href).toBe("http://127.0.0.1:3000/ap/users/her");
    }
    const actor = await t.request({ method: "GET", url: "/ap/users/her", headers: AP });
    expect(actor.json()).toMatchObject({
      id: "http://127.0.0.1:3000/ap/users/her",
      preferredUsername: "clara",
    });
    expect((await req("PUT", "/api/admin/fediverse/handle", him, { handle: "her" })).statusCode).toBe(409);
    // Back to the old handle: it is hers again, no longer an alias.
    const back = await req("PUT", "/api/admin/fediverse/handle", her, { handle: "her" });
    expect(back.json()).toMatchObject({ handle: "her", oldAddresses: [`@clara@${HOST}`] });
  });

  it("lets a handle go without a trace while nobody follows", async () => {
    const res = await req("PUT", "/api/admin/fediverse/handle", him, { handle: "tom" });
    expect(res.json()).toMatchObject({ handle: "tom", oldAddresses: [] });
    const old = await t.request({ method: "GET", url: `/.well-known/webfinger?resource=acct:him@${HOST}` });
    expect(old.statusCode).toBe(404);
    await req("PUT", "/api/admin/fediverse/handle", him, { handle: "him" });
  });
});

describe("the actor's header image", () => {
  it("is the thumbnail of the author's latest public post; drafts do not count", async () => {
    const none = await t.request({ method: "GET", url: "/ap/users/him", headers: AP });
    expect((none.json() as { image?: unknown }).image).toBeUndefined();
    const post = await createPost(t.ctx, { author: "him" });
    await t.ctx.db
      .update(blogPosts)
      .set({ imageUrl: "/uploads/blog-images/1_sea.jpg" })
      .where(eq(blogPosts.id, post.id));
    const draft = await createPost(t.ctx, { author: "him" });
    await t.ctx.db
      .update(blogPosts)
      .set({ imageUrl: "/uploads/blog-images/2_draft.jpg", status: "draft" })
      .where(eq(blogPosts.id, draft.id));
    const res = await t.request({ method: "GET", url: "/ap/users/him", headers: AP });
    expect(res.json()).toMatchObject({
      image: { type: "Image", url: "http://127.0.0.1:3000/uploads/blog-images/1_sea.jpg" },
    });
  });
});
