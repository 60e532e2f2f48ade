import { randomInt } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp, type TestUser } from "./test/test-app";

// A bounded, seeded fuzz of every route: malformed bodies, params, query strings, content types
// and cookies, as every role. Whatever arrives, the server answers below 500, and every API error
// is `{ error: { code, message } }`. Each run draws a new seed (so runs add up to more cases than
// one fixed list) and prints it; a failure names its seed and case number, and
// `FUZZ_SEED=<seed> npx vitest run src/server/fuzz.test.ts` replays it exactly.

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const CASES = Number(process.env.FUZZ_CASES ?? 700);

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Rand, max: number) => Math.floor(r() * max);

const NASTY_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u202e\u200b\ufeff",
  "\ud800",
  "\udfff\ud800",
  "😀".repeat(40),
  "Ǆ̸̢̛͇̜́ͅ",
  "<script>alert(1)</script>",
  "\"'><img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "%",
  "%ZZ",
  "null",
  "undefined",
  "true",
  "-1",
  "0",
  "1e309",
  "NaN",
  "9".repeat(400),
  "__proto__",
  "constructor",
  "him",
  "her",
  "him@duet.local",
  "x@example.com",
  "'; drop table blog_posts; --",
  "\\",
  "a".repeat(5_000),
  "b".repeat(200_000),
];

const KEYS = [
  "title",
  "content",
  "author",
  "excerpt",
  "hashtags",
  "images",
  "imageUrl",
  "email",
  "password",
  "name",
  "subject",
  "message",
  "website",
  "token",
  "newPassword",
  "currentPassword",
  "rememberMe",
  "redirectTo",
  "callbackURL",
  "id",
  "url",
  "position",
  "size",
  "pairedWith",
  "__proto__",
  "constructor",
  "prototype",
  "isAdmin",
  "role",
  "emailVerified",
];

function randomValue(r: Rand, depth = 0): unknown {
  const kind = int(r, depth > 2 ? 6 : 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return pick(r, [0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, Number.MIN_VALUE]);
    case 3:
    case 4:
    case 5:
      return pick(r, NASTY_STRINGS);
    case 6:
      return Array.from({ length: int(r, 4) }, () => randomValue(r, depth + 1));
    case 7:
      return Array.from({ length: int(r, 300) }, () => pick(r, ["x", 1, null, {}]));
    default:
      return randomObject(r, depth + 1);
  }
}

function randomObject(r: Rand, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = int(r, 6); i > 0; i--) {
    // defineProperty: a key named __proto__ is sent as a real key, as an attacker's JSON would be.
    Object.defineProperty(out, pick(r, KEYS), {
      value: randomValue(r, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Near-valid bodies: the right fields with some of them wrong, which reach deeper code. */
function nearValid(r: Rand, url: string): Record<string, unknown> {
  const bases: Record<string, Record<string, unknown>> = {
    "/api/posts": {
      title: "t",
      content: "<p>c</p>",
      author: "him",
      hashtags: ["a"],
      images: [
        { id: "a", url: "/uploads/blog-images/1_a.png", position: "left", size: "small", pairedWith: null },
      ],
    },
    comments: { content: "hello" },
    "/api/contact": { name: "n", email: "n@example.com", subject: "s", message: "m" },
    "sign-up": { email: "fuzz@example.com", password: "correct-horse-42", name: "F" },
    "sign-in": { email: "fuzz@example.com", password: "correct-horse-42" },
    reset: { token: "abc", newPassword: "correct-horse-42" },
  };
  const key = Object.keys(bases).find((k) => url.includes(k)) ?? "/api/posts";
  const base = structuredClone(bases[key]!);
  const fields = Object.keys(base);
  for (let i = 1 + int(r, 2); i > 0; i--) base[pick(r, fields)] = randomValue(r, 1);
  if (r() < 0.2) base[pick(r, KEYS)] = randomValue(r, 1);
  return base;
}

interface Fixture {
  postId: string;
  commentId: string;
}

const ID_VARIANTS = (f: Fixture) => [
  f.postId,
  f.commentId,
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  f.postId.toUpperCase(),
  `${f.postId}x`,
  encodeURIComponent("😀"),
  "%00",
  "%ZZ",
  "..%2F..%2Fetc%2Fpasswd",
  "a".repeat(450),
  "1",
  "-1",
  "%E2%80%AE",
  "null",
];

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT" | "HEAD";

const ROUTES: Array<{ methods: Method[]; url: string }> = [
  { methods: ["GET", "HEAD"], url: "/api/health" },
  { methods: ["GET"], url: "/api/session" },
  { methods: ["GET", "POST", "PUT"], url: "/api/posts" },
  { methods: ["GET", "PATCH", "DELETE", "POST"], url: "/api/posts/:id" },
  { methods: ["GET", "POST"], url: "/api/search" },
  { methods: ["GET", "POST", "DELETE"], url: "/api/posts/:id/comments" },
  { methods: ["GET", "POST", "DELETE"], url: "/api/posts/:id/like" },
  { methods: ["PATCH", "DELETE", "GET"], url: "/api/comments/:id" },
  { methods: ["POST", "GET"], url: "/api/contact" },
  { methods: ["GET", "POST"], url: "/api/contact/messages" },
  { methods: ["POST", "GET"], url: "/api/uploads" },
  { methods: ["POST", "GET"], url: "/api/stats/view" },
  { methods: ["GET"], url: "/api/stats" },
  { methods: ["GET"], url: "/api/stats/posts" },
  { methods: ["POST"], url: "/api/auth/sign-up/email" },
  { methods: ["POST"], url: "/api/auth/sign-in/email" },
  { methods: ["POST"], url: "/api/auth/request-password-reset" },
  { methods: ["POST", "GET"], url: "/api/auth/reset-password" },
  { methods: ["GET"], url: "/api/auth/reset-password/:id" },
  { methods: ["POST"], url: "/api/auth/update-user" },
  { methods: ["POST"], url: "/api/auth/change-password" },
  { methods: ["POST"], url: "/api/auth/send-verification-email" },
  { methods: ["GET"], url: "/api/auth/verify-email" },
  { methods: ["GET", "POST"], url: "/api/auth/get-session" },
  { methods: ["POST", "GET"], url: "/api/auth/:id" },
  { methods: ["GET"], url: "/uploads/blog-images/:id" },
  { methods: ["GET"], url: "/uploads/:id" },
  { methods: ["GET"], url: "/feed.xml" },
  { methods: ["GET"], url: "/his-blog/feed.xml" },
  { methods: ["GET"], url: "/sitemap.xml" },
  { methods: ["GET"], url: "/robots.txt" },
  { methods: ["GET"], url: "/post/:id" },
  { methods: ["GET"], url: "/tags/:id" },
  { methods: ["GET"], url: "/search" },
  { methods: ["GET"], url: "/his-blog" },
  { methods: ["GET"], url: "/her-blog" },
  { methods: ["GET"], url: "/" },
  { methods: ["GET"], url: "/:id" },
];

const QUERY_KEYS = ["author", "tag", "q", "limit", "cursor", "callbackURL", "token", "bytes", "__proto__"];

/** Percent-encode; a lone surrogate becomes its (invalid) UTF-8 bytes, as a hostile client could send. */
function encodeLoosely(raw: string): string {
  try {
    return encodeURIComponent(raw);
  } catch {
    return "%ED%A0%80";
  }
}

function randomQuery(r: Rand): string {
  if (r() < 0.35) return "";
  const parts: string[] = [];
  for (let i = 1 + int(r, 3); i > 0; i--) {
    const key = r() < 0.9 ? pick(r, QUERY_KEYS) : pick(r, ["%ZZ", "a[b]", "a[]", "x".repeat(300)]);
    const raw = pick(r, [
      ...NASTY_STRINGS.slice(0, -1),
      "12",
      "51",
      "0",
      "him",
      "travel",
      "eyJkIjoxfQ",
      "MjAyNi0wMS0wMVQwMDowMDowMC4wMDBafGFiYw",
    ]);
    const value = r() < 0.8 ? encodeLoosely(raw) : raw.replace(/[#\s]/g, "");
    parts.push(`${key}=${value}`);
    if (r() < 0.15) parts.push(`${key}=${value}`); // repeated keys arrive as arrays
  }
  return `?${parts.join("&")}`;
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

function randomBody(r: Rand, url: string): Body {
  const kind = int(r, 12);
  const json = (value: unknown, label: string): Body => ({
    payload: JSON.stringify(value),
    contentType: "application/json",
    label,
  });
  switch (kind) {
    case 0:
      return { label: "no body" };
    case 1:
      return { payload: "", contentType: "application/json", label: "empty JSON body" };
    case 2:
      return json(null, "null");
    case 3:
      return json(randomValue(r), "random JSON value");
    case 4:
      return json([randomObject(r)], "array of an object");
    case 5:
    case 6:
      return json(nearValid(r, url), "near-valid body");
    case 7:
      return json(randomObject(r), "random object");
    case 8:
      return {
        payload: pick(r, ['{"title":', "{'a':1}", "\u0000", "[1,2", '{"a":1}}', "😀", "\ufeff{}"]),
        contentType: "application/json",
        label: "broken JSON",
      };
    case 9:
      return {
        payload: pick(r, ["a=1&b=2", "hello", "<x/>", "--b\r\n\r\n"]),
        contentType: pick(r, [
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/xml",
          "text/html",
          "application/octet-stream",
          "image/png",
          "",
          "application/json; charset=utf-16",
          "application/json;;",
          "multipart/form-data",
        ]),
        label: "non-JSON content type",
      };
    case 10: {
      const boundary = pick(r, ["b", "x".repeat(100), "", "--"]);
      return {
        payload: Buffer.from(
          pick(r, [
            `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--${boundary}--\r\n`,
            `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
            `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\n`,
            "garbage",
            "",
          ]),
        ),
        contentType: pick(r, [
          `multipart/form-data; boundary=${boundary}`,
          "multipart/form-data",
          "multipart/mixed; boundary=b",
        ]),
        label: "multipart",
      };
    }
    default:
      return json("b".repeat(int(r, 2) === 0 ? 10 : 5_000_000), "string body (maybe over the limit)");
  }
}

/** Request headers the server reads (caching, compression, ranges, fetch metadata) with odd values. */
const ODD_HEADERS: Array<[string, string[]]> = [
  ["if-none-match", ["*", '"x"', "W/", '"', ",,,", "x".repeat(3000)]],
  ["if-modified-since", ["yesterday", "Thu, 01 Jan 1970 00:00:00 GMT", "0"]],
  ["accept-encoding", ["br;q=abc", "*;q=0", "gzip, deflate, zstd, br", "identity;q=0", ""]],
  // (No NUL or CR/LF in header values: Node's HTTP parser refuses those before Fastify sees them.)
  ["accept", ["text/html", "application/json;q=0", "*/*;q=x", "text/\u00e9"]],
  ["range", ["bytes=0-0", "bytes=-1", "bytes=999999999-", "lines=1-2", "bytes=0-1,2-3"]],
  ["x-forwarded-for", ["1.1.1.1", "garbage", "::1, 127.0.0.1"]],
  ["x-forwarded-host", ["evil.example"]],
  ["sec-fetch-site", ["same-origin", "none", "bogus"]],
  ["origin", ["null", "http://127.0.0.1:3000", "https://evil.example"]],
  ["host", ["evil.example", "", "127.0.0.1:3000"]],
];

type Role = "visitor" | "user" | "him" | "her" | "forged cookie";

let t: TestApp;
let fixture: Fixture;
const users: Partial<Record<Role, TestUser>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  users.user = await t.as("user");
  users.him = await t.as("him");
  users.her = await t.as("her");
  const post = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: users.him.cookie,
    payload: { title: "Fuzz target", content: "<p>Body</p>", author: "him", hashtags: ["travel"] },
  });
  const postId = (post.json() as { id: string }).id;
  const comment = await t.request({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    cookie: users.user.cookie,
    payload: { content: "first" },
  });
  fixture = { postId, commentId: (comment.json() as { id: string }).id };
}, 120_000);
afterAll(() => t.close());

function cookieFor(r: Rand, role: Role): string | undefined {
  if (role === "visitor") return undefined;
  if (role === "forged cookie")
    return pick(r, [
      "better-auth.session_token=forged.value",
      `better-auth.session_token=${"a".repeat(4000)}`,
      "better-auth.session_token=%ZZ; better-auth.session_token=x",
      "better-auth.session_token=",
      "=; ;;",
    ]);
  return users[role]!.cookie;
}

function checkAnswer(res: LightMyRequestResponse, method: string, url: string, where: string): void {
  expect(res.statusCode, `${where} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400 || !url.startsWith("/api/") || method === "HEAD") return;
  let body: { error?: { code?: unknown; message?: unknown } } | null = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    // asserted just below, with the case named
  }
  expect(typeof body?.error?.code, `${where} error.code in ${res.body.slice(0, 200)}`).toBe("string");
  expect(typeof body?.error?.message, `${where} error.message`).toBe("string");
  expect(String(body?.error?.message).length, `${where} error.message`).toBeGreaterThan(0);
}

describe("fuzz › every route, every role, malformed input", () => {
  it(`answers ${CASES} random malformed requests below 500 with the error shape (seed ${SEED})`, async () => {
    console.log(`fuzz seed ${SEED} (${CASES} cases): FUZZ_SEED=${SEED} replays this run`);
    const r = prng(SEED);
    const roles: Role[] = ["visitor", "user", "him", "her", "forged cookie"];
    const seen = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const route = pick(r, ROUTES);
      const method = pick(r, route.methods);
      let role = pick(r, roles);
      // Signing out or changing the password as a fixture role would end the session the other cases use.
      if (/sign-out|change-password/.test(route.url) && role !== "visitor") role = "forged cookie";
      const path = route.url.replace(":id", () => pick(r, ID_VARIANTS(fixture)));
      const url = path + randomQuery(r);
      const body = method === "GET" || method === "HEAD" ? { label: "no body" } : randomBody(r, path);
      const headers: Record<string, string> = {};
      if (body.contentType !== undefined) headers["content-type"] = body.contentType;
      if (r() < 0.3) {
        const [name, values] = pick(r, ODD_HEADERS);
        headers[name] = pick(r, values);
      }
      const cookie = cookieFor(r, role);
      const where = `seed ${SEED} case ${i}: ${role} ${method} ${url.slice(0, 160)} with ${body.label}, headers ${JSON.stringify(headers).slice(0, 200)}`;
      const res = await t.request({
        method,
        url,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        ...(cookie ? { cookie } : {}),
      });
      seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
      checkAnswer(res, method, url, where);
    }
    // The fuzz reached both refusals and real work (it is not all 404s).
    expect([...seen.keys()].some((s) => s < 300)).toBe(true);
    expect([...seen.keys()].filter((s) => s >= 400).length).toBeGreaterThan(3);
  }, 600_000);

  it("the fixture roles are still signed in afterwards (the fuzz did not end their sessions)", async () => {
    const res = await t.request({ method: "GET", url: "/api/session", cookie: users.him!.cookie });
    expect(res.json().viewer?.email).toBe(t.config.authorEmails.him);
  });
});
