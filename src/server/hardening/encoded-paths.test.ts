import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogPosts, comments, contactMessages, postLikes, user } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// The router decodes and normalises a path before matching it, so a guard that reads the raw URL
// ("starts with /api/") can be walked around with another spelling of the same route. Every
// spelling of every prefix must meet the same cross-site refusal and the same input guards.

const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/** Other spellings of `prefix` (e.g. "/api/auth/") that a decoder or a lenient router may read as it. */
function prefixVariants(prefix: string): string[] {
  const segments = prefix.split("/").filter(Boolean);
  const join = (parts: string[]) => `/${parts.join("/")}/`;
  const each = (f: (s: string) => string) => join(segments.map(f));
  const all = [
    prefix,
    each((s) => `${hex(s[0]!)}${s.slice(1)}`),
    each((s) => [...s].map(hex).join("")),
    each((s) => `${s.slice(0, -1)}${hex(s.at(-1)!).toUpperCase()}`),
    `/${prefix}`,
    `${prefix}/`,
    join(segments).replace(/\/$/, "//"),
    prefix.toUpperCase(),
    each((s) => s[0]!.toUpperCase() + s.slice(1)),
    each((s) => `${s}.`),
    `${prefix}./`,
    `${prefix}%2e/`,
    prefix.replace(/\/$/, "%2f").replace(/^\//, "/"),
    join(segments).replace(/\/$/, "/%2F"),
    join(segments).replace(/\/$/, ";/"),
  ];
  return [...new Set(all)];
}

let t: TestApp;
let him: TestUser;
let reader: TestUser;
let postId: string;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  reader = await t.as("user");
}, 120_000);
afterAll(() => t.close());
// A fresh post each time: one spelling that got through must not hide what the next one does.
beforeEach(async () => {
  postId = (await createPost(t.ctx, { author: "him" })).id;
});

async function snapshot() {
  const n = async (table: typeof blogPosts | typeof comments | typeof postLikes | typeof contactMessages) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  const [post] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  const [me] = await t.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, him.id));
  const uploads = path.join(t.config.dataDir, "uploads", "blog-images");
  return JSON.stringify({
    posts: await n(blogPosts),
    comments: await n(comments),
    likes: await n(postLikes),
    contact: await n(contactMessages),
    users: (await t.ctx.db.select({ n: count() }).from(user))[0]!.n,
    post,
    me,
    files: existsSync(uploads) ? readdirSync(uploads).length : 0,
  });
}

async function pngUpload() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  const boundary = `----duet${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

interface Write {
  name: string;
  prefix: string;
  method: "POST" | "PATCH" | "DELETE";
  rest: () => string;
  who: () => TestUser;
  body?: () => Promise<{ payload: unknown; headers?: Record<string, string> }>;
}

const WRITES: Write[] = [
  { name: "like", prefix: "/api/", method: "POST", rest: () => `posts/${postId}/like`, who: () => reader },
  { name: "delete post", prefix: "/api/", method: "DELETE", rest: () => `posts/${postId}`, who: () => him },
  {
    name: "edit post",
    prefix: "/api/",
    method: "PATCH",
    rest: () => `posts/${postId}`,
    who: () => him,
    body: async () => ({ payload: { title: "Taken over" } }),
  },
  {
    name: "comment",
    prefix: "/api/",
    method: "POST",
    rest: () => `posts/${postId}/comments`,
    who: () => reader,
    body: async () => ({ payload: { content: "from elsewhere" } }),
  },
  {
    name: "contact",
    prefix: "/api/",
    method: "POST",
    rest: () => "contact",
    who: () => reader,
    body: async () => ({ payload: { name: "a", email: "a@b.co", subject: "s", message: "m" } }),
  },
  { name: "upload", prefix: "/api/", method: "POST", rest: () => "uploads", who: () => him, body: pngUpload },
  {
    name: "update account",
    prefix: "/api/auth/",
    method: "POST",
    rest: () => "update-user",
    who: () => him,
    body: async () => ({ payload: { name: "Renamed from elsewhere" } }),
  },
  {
    name: "sign up",
    prefix: "/api/auth/",
    method: "POST",
    rest: () => "sign-up/email",
    who: () => reader,
    body: async () => ({
      payload: { email: `x-${randomUUID()}@example.com`, password: "pw-123456x", name: "X" },
    }),
  },
  {
    name: "upload path",
    prefix: "/uploads/",
    method: "POST",
    rest: () => "blog-images/a.png",
    who: () => him,
  },
];

const cases = WRITES.flatMap((w) =>
  prefixVariants(w.prefix).map((p) => ({ ...w, url: () => `${p}${w.rest()}`, p })),
);

function expect4xx(res: LightMyRequestResponse, where: string) {
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(typeof res.json().error.code, where).toBe("string");
}

describe("every spelling of every prefix", () => {
  it.each(cases)("$name at $p › refuses a foreign Origin, changing nothing", async (c) => {
    const before = await snapshot();
    const body = c.body ? await c.body() : { payload: undefined };
    const res = await t.request({
      method: c.method,
      url: c.url(),
      cookie: c.who().cookie,
      payload: body.payload as string,
      headers: { ...body.headers, origin: "http://evil.example" },
    });
    expect4xx(res, `${c.method} ${c.url()}`);
    expect(await snapshot()).toBe(before);
  });

  it.each(prefixVariants("/api/"))("a comment holding U+0000 at %s › is a clear 400", async (p) => {
    const before = await snapshot();
    const res = await t.request({
      method: "POST",
      url: `${p}posts/${postId}/comments`,
      cookie: reader.cookie,
      payload: { content: "nul \u0000 here" },
    });
    expect4xx(res, p);
    expect(await snapshot()).toBe(before);
  });

  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const deepObject = `{"email":"a@b.co","password":${deep}}`;
  it.each(
    prefixVariants("/api/auth/").flatMap((p) => [
      `${p}sign-in/email`,
      `${p}sign-up/email`,
      `${p}update-user`,
    ]),
  )("a 100,000-deep JSON body at %s › is a clear 4xx", async (url) => {
    const res = await t.request({
      method: "POST",
      url,
      cookie: him.cookie,
      payload: deepObject,
      headers: { "content-type": "application/json" },
    });
    expect4xx(res, url);
  });
});

describe("Better Auth behind the bridge", () => {
  it.each(prefixVariants("/api/auth/"))(
    "sign-in at %s › runs the same input checks as /api/auth/",
    async (p) => {
      const res = await t.request({
        method: "POST",
        url: `${p}sign-in/email`,
        payload: { email: him.email, password: "whatever-it-is", isAdmin: true },
      });
      // Either the router does not take this spelling (404), or it reaches the checked sign-in.
      expect([400, 404], res.body).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.message).toBe("Unknown field: isAdmin.");
    },
  );

  it("a decoded spelling of the prefix reaches the same sign-in, not a different one", async () => {
    const res = await t.request({
      method: "POST",
      url: "/%61pi/auth/sign-in/%65mail/",
      payload: { email: him.email, password: "correct-horse-42" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the address's own parts", () => {
  it.each(prefixVariants("/api/"))("U+0000 in a query or an id at %s › a clear 4xx", async (p) => {
    for (const url of [`${p}posts?tag=a%00b`, `${p}posts/${postId}%00/comments`, `${p}posts/a%00b`]) {
      const res = await t.request({ method: "GET", url });
      if (res.statusCode === 404 && !String(res.headers["content-type"]).includes("json")) continue;
      expect4xx(res, url);
    }
  });
});
