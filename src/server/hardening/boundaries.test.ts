import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitiseFileName } from "../content/image-store";
import { blogPosts, comments, contactMessages, postLikes, user } from "../db/schema";
import { REQUEST_TIMEOUT_MS } from "../http-server";
import { uploadKeyOf } from "../plugins/uploads-static";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// The edges of the API: which requests count as ours, and which file names can reach the disk.

let t: TestApp;
let him: TestUser;
let postId: string;
beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  postId = (await createPost(t.ctx, { author: "him" })).id;
});
afterAll(() => t.close());

async function rows() {
  const n = async (
    table: typeof blogPosts | typeof comments | typeof postLikes | typeof contactMessages | typeof user,
  ) => (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return [await n(blogPosts), await n(comments), await n(postLikes), await n(contactMessages), await n(user)];
}

describe("cross-site refusal › every kind of foreign or missing origin", () => {
  const WRITES: Array<[method: "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload: object]> = [
    ["POST", "/api/posts", { title: "t", content: "<p>c</p>", author: "him" }],
    ["PATCH", "/api/posts/:post", { title: "t" }],
    ["DELETE", "/api/posts/:post", {}],
    ["POST", "/api/posts/:post/like", {}],
    ["POST", "/api/posts/:post/comments", { content: "hi" }],
    ["POST", "/api/contact", { name: "a", email: "a@example.com", subject: "s", message: "m" }],
    ["POST", "/api/uploads", {}],
    ["PUT", "/api/posts", {}],
    ["POST", "/api/auth/sign-up/email", { email: "x@example.com", password: "correct-horse-42", name: "X" }],
    ["POST", "/api/auth/change-password", { currentPassword: "a", newPassword: "correct-horse-42" }],
    ["POST", "/api/auth/send-verification-email", { email: "him@duet.local" }],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/change-email", { newEmail: "x@example.com" }],
    ["POST", "/api/auth/delete-user", {}],
  ];
  const ORIGINS: Array<[label: string, headers: Record<string, string>]> = [
    ["Origin: null (sandboxed frame, data: URL)", { origin: "null" }],
    ["another port of our host", { origin: "http://127.0.0.1:3001" }],
    ["https instead of http", { origin: "https://127.0.0.1:3000" }],
    ["a look-alike host", { origin: "http://127.0.0.1.evil.example:3000" }],
    ["no Origin and no Sec-Fetch-Site", { origin: "" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { origin: "", "sec-fetch-site": "same-site" }],
    ["our Origin but Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ];

  for (const [label, headers] of ORIGINS) {
    it(`refuses ${label} on every state-changing route, storing nothing`, async () => {
      const before = await rows();
      for (const [method, url, payload] of WRITES) {
        const res = await t.request({
          method,
          url: url.replace(":post", postId),
          payload,
          cookie: him.cookie,
          headers,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.code, `${method} ${url}`).toBe("CROSS_SITE");
      }
      expect(await rows()).toEqual(before);
    });
  }

  it("accepts our own page (Origin, or Sec-Fetch-Site: same-origin without one)", async () => {
    const withOrigin = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/like`,
      payload: {},
      cookie: him.cookie,
    });
    expect(withOrigin.statusCode).toBe(200);
    const fetchMeta = await t.request({
      method: "POST",
      url: `/api/posts/${postId}/like`,
      payload: {},
      cookie: him.cookie,
      headers: { origin: "", "sec-fetch-site": "same-origin" },
    });
    expect(fetchMeta.statusCode).toBe(200);
  });

  it("a same-origin form post (text/plain or urlencoded) is still refused: JSON only", async () => {
    const before = await rows();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await t.request({
        method: "POST",
        url: `/api/posts/${postId}/comments`,
        payload: type.startsWith("multipart") ? "--x\r\n\r\n--x--\r\n" : '{"content":"hi"}',
        cookie: him.cookie,
        headers: { "content-type": type },
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
    }
    expect(await rows()).toEqual(before);
  });
});

describe("upload names › never leave blog-images", () => {
  const NAMES = [
    "../../../etc/passwd.png",
    "..\\..\\windows\\win.ini.png",
    "/etc/shadow.jpg",
    "C:\\boot.ini.png",
    "%2e%2e%2f%2e%2e%2fsecret.png",
    "a\u0000.png",
    "\u2025\u2025/\u2025\u2025/x.png",
    "....//....//x.png",
    ".htaccess",
    "..",
    "",
    "😀.png",
    "x".repeat(5000),
    "evil.svg",
    "photo.php.png",
  ];

  it.each(NAMES)("%j becomes a plain name of letters, digits and dots", (name) => {
    const stored = sanitiseFileName(name, "png");
    expect(stored).toMatch(/^[A-Za-z0-9][A-Za-z0-9.]{0,85}\.png$/);
    expect(stored).not.toContain("..");
  });

  it.each([
    "../db/PG_VERSION",
    "blog-images/../../secret.png",
    "%2e%2e/%2e%2e/secret.png",
    "blog-images/%2e%2e%2fsecret.png",
    "blog-images/..%5c..%5csecret.png",
    "blog-images/.hidden.png",
    "blog-images/a.svg",
    "blog-images/a.png%00.txt",
  ])("the static route refuses %j", async (urlPath) => {
    expect(uploadKeyOf(urlPath)).toBeNull();
    const res = await t.request({ method: "GET", url: `/uploads/${urlPath}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("slow clients", () => {
  it("the HTTP server drops a request whose headers and body have not arrived within 5 minutes (no slowloris)", () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(5 * 60_000);
    expect(t.app.server.headersTimeout).toBeGreaterThan(0);
    expect(t.app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });
});
