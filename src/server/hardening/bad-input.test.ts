import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, comments, contactMessages, postLikes, user } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Every state-changing route, as the role that may use it, against malformed input: a clear 4xx
// with `{ error: { code, message } }`, never a 500, and nothing stored half-way. Then the role
// matrix of every such route in one table.

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
let otherReader: TestUser;
let postId: string;
let commentId: string;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
  otherReader = await t.signUp();
  postId = (await createPost(t.ctx, { author: "him", title: "Original title" })).id;
  const c = await t.request({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    cookie: reader.cookie,
    payload: { content: "Original comment" },
  });
  commentId = c.json().id;
}, 120_000);
afterAll(() => t.close());

/** Everything a write could leave behind. */
async function snapshot() {
  const n = async (
    table: typeof blogPosts | typeof comments | typeof postLikes | typeof contactMessages | typeof user,
  ) => (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  const [post] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  const [comment] = await t.ctx.db.select().from(comments).where(eq(comments.id, commentId));
  const [me] = await t.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, reader.id));
  const uploads = path.join(t.config.dataDir, "uploads", "blog-images");
  return JSON.stringify({
    posts: await n(blogPosts),
    comments: await n(comments),
    likes: await n(postLikes),
    contact: await n(contactMessages),
    users: await n(user),
    post,
    comment,
    me,
    files: existsSync(uploads) ? readdirSync(uploads).length : 0,
  });
}

function expectClear4xx(res: LightMyRequestResponse, where: string) {
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json() as { error: { code: unknown; message: unknown } };
  expect(typeof body.error.code, where).toBe("string");
  expect(typeof body.error.message, where).toBe("string");
  expect(String(body.error.message).length, where).toBeGreaterThan(0);
  // A clear sentence, not a stack trace or an echo of a huge input.
  expect(String(body.error.message).length, where).toBeLessThan(300);
}

interface WriteRoute {
  name: string;
  method: "POST" | "PATCH";
  url: () => string;
  who: () => TestUser | null;
  valid: () => Record<string, unknown>;
}

const ROUTES: WriteRoute[] = [
  {
    name: "POST /api/posts",
    method: "POST",
    url: () => "/api/posts",
    who: () => him,
    valid: () => ({ title: "T", content: "<p>C</p>", author: "him", hashtags: ["a"] }),
  },
  {
    name: "PATCH /api/posts/:id",
    method: "PATCH",
    url: () => `/api/posts/${postId}`,
    who: () => him,
    valid: () => ({ title: "New title", content: "<p>New</p>" }),
  },
  {
    name: "POST /api/posts/:id/comments",
    method: "POST",
    url: () => `/api/posts/${postId}/comments`,
    who: () => reader,
    valid: () => ({ content: "Nice" }),
  },
  {
    name: "PATCH /api/comments/:id",
    method: "PATCH",
    url: () => `/api/comments/${commentId}`,
    who: () => reader,
    valid: () => ({ content: "Edited" }),
  },
  {
    name: "POST /api/contact",
    method: "POST",
    url: () => "/api/contact",
    who: () => null,
    valid: () => ({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" }),
  },
  {
    name: "POST /api/auth/sign-up/email",
    method: "POST",
    url: () => "/api/auth/sign-up/email",
    who: () => null,
    valid: () => ({
      email: `new-${Math.random().toString(36).slice(2)}@example.com`,
      password: "correct-horse-42",
      name: "N",
    }),
  },
  {
    name: "POST /api/auth/update-user",
    method: "POST",
    url: () => "/api/auth/update-user",
    who: () => reader,
    valid: () => ({ name: "Renamed" }),
  },
];

type Variant = [
  label: string,
  build: (valid: Record<string, unknown>) => { payload: string; contentType?: string },
];

const json = (value: unknown) => ({ payload: JSON.stringify(value) });
/** Each field in turn set to `value`, unless that is already the field's type (hashtags are a list). */
const eachField = (valid: Record<string, unknown>, value: unknown) =>
  Object.keys(valid)
    .filter((k) => Array.isArray(valid[k]) !== Array.isArray(value))
    .map((k) => ({ ...valid, [k]: value }));

const WHOLE_BODY_VARIANTS: Variant[] = [
  ["a null body", () => json(null)],
  ["an empty JSON body", () => ({ payload: "" })],
  ["an array where an object is expected", (v) => json([v])],
  ["an empty array", () => json([])],
  ["a bare string", () => json("hello")],
  ["a number", () => json(42)],
  ["true", () => json(true)],
  ["an unknown field", (v) => json({ ...v, isAdmin: true })],
  ["a __proto__ field", (v) => ({ payload: `{"__proto__":{"isAdmin":true},${JSON.stringify(v).slice(1)}` })],
  ["a constructor.prototype field", (v) => json({ ...v, constructor: { prototype: { isAdmin: true } } })],
  ["broken JSON", () => ({ payload: '{"title": "x",' })],
  ["JSON as text/plain", (v) => ({ payload: JSON.stringify(v), contentType: "text/plain" })],
  [
    "a urlencoded form",
    () => ({ payload: "title=x&content=y", contentType: "application/x-www-form-urlencoded" }),
  ],
  ["XML", () => ({ payload: "<post><title>x</title></post>", contentType: "application/xml" })],
  ["JSON nested 10,000 deep", () => ({ payload: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}` })],
];

/**
 * The 4 MB limit is one server-wide option (http-server.ts's bodyLimit): it is checked where a
 * body is parsed, once for our own routes and once for the Better Auth bridge, not on every route.
 */
const OVER_THE_LIMIT: Variant = [
  "a body over the 4 MB limit",
  (v) => json({ ...v, pad: "x".repeat(4.5 * 1024 * 1024) }),
];
const BODY_LIMIT_ROUTES = new Set(["POST /api/posts", "POST /api/auth/sign-up/email"]);

/** Each field in turn set to a wrong type, a huge string or a NUL character. */
const FIELD_VARIANTS: Array<[label: string, value: unknown]> = [
  ["a number", 123],
  ["null", null],
  ["an array", ["x"]],
  ["an object", { a: 1 }],
  ["a 300,000-character string", "y".repeat(300_000)],
  ["a NUL character", "a\u0000b"],
];

describe("malformed input to every state-changing route › a clear 4xx, nothing stored", () => {
  for (const route of ROUTES) {
    describe(route.name, () => {
      const variants = BODY_LIMIT_ROUTES.has(route.name)
        ? [...WHOLE_BODY_VARIANTS, OVER_THE_LIMIT]
        : WHOLE_BODY_VARIANTS;
      it.each(variants)("refuses %s", async (label, build) => {
        const before = await snapshot();
        const { payload, contentType } = build(route.valid());
        const res = await t.request({
          method: route.method,
          url: route.url(),
          cookie: route.who()?.cookie ?? null,
          payload,
          headers: { "content-type": contentType ?? "application/json" },
        });
        expectClear4xx(res, `${route.name} with ${label}`);
        expect(await snapshot(), `${route.name} with ${label} changed something`).toBe(before);
      });

      it.each(FIELD_VARIANTS)("refuses each field as %s", async (label, value) => {
        const before = await snapshot();
        for (const payload of eachField(route.valid(), value)) {
          const res = await t.request({
            method: route.method,
            url: route.url(),
            cookie: route.who()?.cookie ?? null,
            payload,
          });
          expectClear4xx(res, `${route.name} with ${label} in ${JSON.stringify(payload).slice(0, 80)}`);
        }
        expect(await snapshot()).toBe(before);
      });
    });
  }
});

describe("a body that is not a JSON object › one plain sentence", () => {
  it.each(ROUTES.filter((r) => !r.url().startsWith("/api/auth/")))("$name", async (route) => {
    for (const payload of ["null", "[]", '"text"', "7"]) {
      const res = await t.request({
        method: route.method,
        url: route.url(),
        cookie: route.who()?.cookie ?? null,
        payload,
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.message, payload).toBe("The request body must be a JSON object.");
    }
  });
});

describe("malformed ids in the path › 4xx, never a 500", () => {
  const IDS = [
    "not-a-uuid",
    "00000000-0000-0000-0000-000000000000",
    "%E2%80%AE",
    "%F0%9F%98%80",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "%ZZ",
    "1%20OR%201%3D1",
    "a".repeat(499),
    "a".repeat(600),
  ];
  const TEMPLATES: Array<[method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object]> = [
    ["GET", "/api/posts/:id"],
    ["PATCH", "/api/posts/:id", { title: "x" }],
    ["DELETE", "/api/posts/:id"],
    ["GET", "/api/posts/:id/comments"],
    ["POST", "/api/posts/:id/comments", { content: "x" }],
    ["GET", "/api/posts/:id/like"],
    ["POST", "/api/posts/:id/like", {}],
    ["PATCH", "/api/comments/:id", { content: "x" }],
    ["DELETE", "/api/comments/:id"],
  ];
  it.each(TEMPLATES)("%s %s", async (method, template, payload) => {
    const before = await snapshot();
    for (const id of IDS) {
      const res = await t.request({
        method,
        url: template.replace(":id", id),
        cookie: him.cookie,
        ...(payload ? { payload } : {}),
      });
      expectClear4xx(res, `${method} ${template} with id ${id.slice(0, 20)}`);
    }
    expect(await snapshot()).toBe(before);
  });

  it("an undecodable or over-long path answers in the API's error shape", async () => {
    const bad = await t.request({ method: "GET", url: "/api/posts/%ZZ" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("BAD_URL");
    const long = await t.request({ method: "GET", url: `/api/posts/${"a".repeat(600)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe("URL_TOO_LONG");
  });

  it("a tag page with a control character is a page, not a 500", async () => {
    for (const url of ["/tags/%00", "/tags/a%00b", "/api/posts?tag=%00", "/api/posts?tag=a%01b"]) {
      expect((await t.request({ method: "GET", url })).statusCode, url).toBeLessThan(500);
    }
  });
});

describe("unicode edge cases › stored exactly as typed", () => {
  const TEXTS = [
    "Emoji 😀 and a family 👨‍👩‍👧‍👦",
    "Right-to-left \u202eoverride\u202c and zero\u200bwidth",
    "Combining: e\u0301 Z\u0335\u0321a\u0336",
    "CJK 你好 and Arabic مرحبا",
  ];

  it.each(TEXTS)("a comment: %s", async (text) => {
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      cookie: otherReader.cookie,
      payload: { content: text },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe(text);
    await t.request({ method: "DELETE", url: `/api/comments/${res.json().id}`, cookie: otherReader.cookie });
  });

  it.each(TEXTS)("a post title: %s", async (text) => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: text, content: "<p>x</p>", author: "her" },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.request({ method: "GET", url: `/api/posts/${res.json().id}` })).json().title).toBe(text);
  });

  it("a lone surrogate is a 4xx or stored, never a 500", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      cookie: otherReader.cookie,
      payload: '{"content":"half \\ud800 a pair"}',
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

const pngUpload = async () => {
  const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  const boundary = "----duet-matrix";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};

describe("role matrix › visitor, reader, the other author, the owner", () => {
  type Role = "visitor" | "reader" | "other author" | "owner";
  const ROLES: Role[] = ["visitor", "reader", "other author", "owner"];
  const cookieOf = (role: Role, owner: TestUser, other: TestUser): string | null =>
    role === "visitor"
      ? null
      : role === "reader"
        ? otherReader.cookie
        : role === "owner"
          ? owner.cookie
          : other.cookie;

  interface Case {
    route: string;
    expected: Record<Role, number>;
    run: (cookie: string | null) => Promise<LightMyRequestResponse>;
    owner: () => TestUser;
    other: () => TestUser;
  }

  const freshPost = async () => (await createPost(t.ctx, { author: "him" })).id;
  const freshComment = async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/comments`,
      cookie: reader.cookie,
      payload: { content: "mine" },
    });
    return res.json().id as string;
  };

  const CASES: Case[] = [
    {
      route: "POST /api/posts (as him)",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 201 },
      owner: () => him,
      other: () => her,
      run: (cookie) =>
        t.request({
          method: "POST",
          url: "/api/posts",
          cookie,
          payload: { title: "Matrix", content: "<p>x</p>", author: "him" },
        }),
    },
    {
      route: "PATCH /api/posts/:id (his post)",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 200 },
      owner: () => him,
      other: () => her,
      run: async (cookie) =>
        t.request({
          method: "PATCH",
          url: `/api/posts/${await freshPost()}`,
          cookie,
          payload: { title: "x" },
        }),
    },
    {
      route: "DELETE /api/posts/:id (his post)",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 204 },
      owner: () => him,
      other: () => her,
      run: async (cookie) => t.request({ method: "DELETE", url: `/api/posts/${await freshPost()}`, cookie }),
    },
    {
      route: "POST /api/posts/:id/like",
      expected: { visitor: 401, reader: 200, "other author": 200, owner: 200 },
      owner: () => him,
      other: () => her,
      run: async (cookie) =>
        t.request({ method: "POST", url: `/api/posts/${await freshPost()}/like`, cookie, payload: {} }),
    },
    {
      route: "POST /api/posts/:id/comments",
      expected: { visitor: 401, reader: 201, "other author": 201, owner: 201 },
      owner: () => him,
      other: () => her,
      run: (cookie) =>
        t.request({
          method: "POST",
          url: `/api/posts/${postId}/comments`,
          cookie,
          payload: { content: "hi" },
        }),
    },
    {
      route: "PATCH /api/comments/:id (a reader's comment on his post; owner = the comment's writer)",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 200 },
      owner: () => reader,
      other: () => her,
      run: async (cookie) =>
        t.request({
          method: "PATCH",
          url: `/api/comments/${await freshComment()}`,
          cookie,
          payload: { content: "e" },
        }),
    },
    {
      route: "PATCH /api/comments/:id (owner = the post's author)",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 200 },
      owner: () => him,
      other: () => her,
      run: async (cookie) =>
        t.request({
          method: "PATCH",
          url: `/api/comments/${await freshComment()}`,
          cookie,
          payload: { content: "e" },
        }),
    },
    {
      route: "DELETE /api/comments/:id",
      expected: { visitor: 401, reader: 403, "other author": 403, owner: 204 },
      owner: () => reader,
      other: () => her,
      run: async (cookie) =>
        t.request({ method: "DELETE", url: `/api/comments/${await freshComment()}`, cookie }),
    },
    {
      route: "POST /api/contact",
      expected: { visitor: 201, reader: 201, "other author": 201, owner: 201 },
      owner: () => him,
      other: () => her,
      run: (cookie) =>
        t.request({
          method: "POST",
          url: "/api/contact",
          cookie,
          payload: { name: "A", email: "a@example.com", subject: "S", message: "M" },
        }),
    },
    {
      route: "GET /api/contact/messages (both authors read the inbox)",
      expected: { visitor: 401, reader: 403, "other author": 200, owner: 200 },
      owner: () => him,
      other: () => her,
      run: (cookie) => t.request({ method: "GET", url: "/api/contact/messages", cookie }),
    },
    {
      route: "POST /api/uploads (both authors upload)",
      expected: { visitor: 401, reader: 403, "other author": 201, owner: 201 },
      owner: () => him,
      other: () => her,
      run: async (cookie) =>
        t.request({ method: "POST", url: "/api/uploads", cookie, ...(await pngUpload()) }),
    },
    {
      route: "POST /api/auth/update-user (owner = the account)",
      expected: { visitor: 401, reader: 200, "other author": 200, owner: 200 },
      owner: () => reader,
      other: () => her,
      run: (cookie) =>
        t.request({ method: "POST", url: "/api/auth/update-user", cookie, payload: { name: "R" } }),
    },
  ];

  it.each(CASES)("$route", async ({ expected, run, owner, other }) => {
    const got: Record<string, number> = {};
    for (const role of ROLES) {
      const res = await run(cookieOf(role, owner(), other()));
      got[role] = res.statusCode;
      if (res.statusCode >= 400) expectClear4xx(res, role);
    }
    expect(got).toEqual(expected);
  });
});
