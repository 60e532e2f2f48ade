import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import { webmentionsReceived, webmentionsSent } from "../db/schema";
import { createPost } from "../test/factories";
import { freePort } from "../test/free-port";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { startWebmentionPeer, type WebmentionPeer } from "../test/webmention-peer";

// Two Duet instances on loopback ports, and a hand-written site: Webmentions go out when a post
// is published and edited, are discovered three ways, and arrive as mentions on the other Duet.
let a: TestApp;
let b: TestApp;
let peer: WebmentionPeer;
let him: TestUser;
let aUrl = "";
let bUrl = "";

async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A's pages are server-rendered from the built client, as in production: the link is in the HTML.
const builtClient = path.resolve("dist/client");

async function listening(client?: string): Promise<{ t: TestApp; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PUBLIC_URL: url,
    FEDIVERSE_ALLOW_PRIVATE: "true",
    ...(client ? { CLIENT_DIST_DIR: client } : {}),
  };
  const t = await buildTestApp(env, { serveClient: !!client });
  await t.app.listen({ port, host: "127.0.0.1" });
  return { t, url };
}

const publish = async (content: string): Promise<BlogPost> => {
  const res = await a.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: {
      title: `Links ${Math.random()}`,
      content,
      author: "him",
      excerpt: "",
      hashtags: [],
      images: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BlogPost;
};

beforeAll(async () => {
  peer = await startWebmentionPeer();
  // Built as `npm start` builds it, into dist/client, when it is missing.
  if (!existsSync(path.join(builtClient, "index.html")))
    execFileSync(process.execPath, ["scripts/build-client.mjs", builtClient], { stdio: "ignore" });
  ({ t: a, url: aUrl } = await listening(builtClient));
  ({ t: b, url: bUrl } = await listening());
  him = await a.as("him");
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await peer?.close();
});

describe("Webmention between sites over real HTTP", { timeout: 60_000 }, () => {
  it("a post on A linking to a post on B makes a mention appear on B", async () => {
    const target = await createPost(b.ctx, { author: "her", title: "Her walk" });
    const targetUrl = `${bUrl}/post/${target.slug}`;
    const post = await publish(`<p>Read <a href="${targetUrl}">her walk</a> first.</p>`);
    const rows = await waitFor(async () => {
      const found = await b.ctx.db
        .select()
        .from(webmentionsReceived)
        .where(eq(webmentionsReceived.postId, target.id));
      return found[0]?.verifiedAt ? found : null;
    }, "the mention on B");
    expect(rows).toMatchObject([{ source: `${aUrl}/post/${post.slug}`, target: targetUrl, kind: "mention" }]);
  });

  it("discovers endpoints by Link header, <link> and <a> (relative, query kept) and sends once per change", async () => {
    peer.pages.set("/t1", { headers: { link: '</wm/header?k=1>; rel="webmention"' }, body: "<p>t1</p>" });
    peer.pages.set("/t2", { body: '<html><head><link rel="webmention" href="wm/link"></head></html>' });
    peer.pages.set("/t3", {
      body: '<p><a rel="webmention" href="https://x.invalid/nope" hidden></a></p>'.replace(
        "https://x.invalid/nope",
        "/wm/a",
      ),
    });
    peer.pages.set("/t4", { body: "<p>no endpoint</p>" });
    const links = ["/t1", "/t2", "/t3", "/t4"].map((p) => `<a href="${peer.origin}${p}">${p}</a>`).join(" ");
    const post = await publish(`<p>${links}</p>`);
    const source = `${aUrl}/post/${post.slug}`;
    await waitFor(
      () => peer.received.filter((r) => r.form.source === source).length >= 3,
      "three Webmentions",
    );
    expect(
      peer.received
        .filter((r) => r.form.source === source)
        .map((r) => [r.path, r.form.target])
        .sort(),
    ).toEqual([
      ["/wm/a", `${peer.origin}/t3`],
      ["/wm/header?k=1", `${peer.origin}/t1`],
      ["/wm/link", `${peer.origin}/t2`],
    ]);
    const t4 = await waitFor(async () => {
      const [row] = await a.ctx.db
        .select()
        .from(webmentionsSent)
        .where(eq(webmentionsSent.target, `${peer.origin}/t4`));
      return row?.result ? row : null;
    }, "t4 settled");
    expect(t4.result).toBe("no endpoint");

    // An edit drops /t3: t1 and t2 hear of the change, t3 gets a last one (its receiver refetches).
    const edited = await a.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { content: `<p><a href="${peer.origin}/t1">1</a> <a href="${peer.origin}/t2">2</a></p>` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await waitFor(() => peer.received.filter((r) => r.form.source === source).length >= 6, "three more");
    const count = (p: string) =>
      peer.received.filter((r) => r.form.source === source && r.form.target === `${peer.origin}${p}`).length;
    expect([count("/t1"), count("/t2"), count("/t3")]).toEqual([2, 2, 2]);
    const [gone] = await a.ctx.db
      .select()
      .from(webmentionsSent)
      .where(eq(webmentionsSent.target, `${peer.origin}/t3`));
    expect(gone).toMatchObject({ linkedAt: null, dueAt: null });
  });
});
