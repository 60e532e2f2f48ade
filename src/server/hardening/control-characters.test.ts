import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Every single-line field people type (post titles, excerpts and hashtags, page titles, names,
// handles, the site's one-line settings, the contact form's header fields) refuses line breaks and
// control characters with a clear 400 naming the field, through the real routes.

let t: TestApp;
let him: TestUser;
let reader: TestUser;
let postId: string;
beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  reader = await t.as("user");
  postId = (await createPost(t.ctx, { author: "him", title: "Kept" })).id;
}, 120_000);
afterAll(() => t.close());

const post = { title: "Trip", content: "<p>Hello</p>", author: "him" };
const page = { title: "About", slug: "about-us", content: "<p>Us.</p>" };
type Case = [
  name: string,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  who: () => TestUser | null,
  body: object,
];
const cases = (bad: string): Case[] => [
  ["post title (create)", "POST", "/api/posts", () => him, { ...post, title: `Trip${bad}Bcc: x@y.z` }],
  ["post title (edit)", "PATCH", `/api/posts/${postId}`, () => him, { title: `Ke${bad}pt` }],
  ["post excerpt", "POST", "/api/posts", () => him, { ...post, excerpt: `Short${bad}x` }],
  ["post hashtag (create)", "POST", "/api/posts", () => him, { ...post, hashtags: [`tag${bad}x`] }],
  ["post hashtag (edit)", "PATCH", `/api/posts/${postId}`, () => him, { hashtags: [`tag${bad}x`] }],
  ["page title", "POST", "/api/pages", () => him, { ...page, title: `About${bad}us` }],
  ["author name", "PUT", "/api/authors/him", () => him, { name: `Tom${bad}x`, bio: "", photoUrl: null }],
  ["display name (sign-up)", "POST", "/api/auth/sign-up/email", () => null, signUp(`Ann${bad}x`)],
  ["display name (change)", "POST", "/api/auth/update-user", () => reader, { name: `Ann${bad}x` }],
  ["social-web handle", "PUT", "/api/admin/fediverse/handle", () => him, { handle: `tom${bad}x` }],
  ["site name", "PUT", "/api/settings", () => him, { siteName: `Duet${bad}x` }],
  ["contact subject", "POST", "/api/contact", () => null, contact(`Hi${bad}x`)],
];
function signUp(name: string) {
  return {
    email: `n-${Math.random().toString(36).slice(2)}@example.com`,
    password: "correct-horse-42",
    name,
  };
}
function contact(subject: string) {
  return { name: "Ada", email: "ada@example.com", subject, message: "Hello" };
}

describe("single-line fields refuse control characters", () => {
  for (const [label, bad] of [
    ["LF", "\n"],
    ["CR LF", "\r\n"],
    ["NUL", "\u0000"],
    ["ESC", "\u001b"],
    ["tab", "\t"],
    ["DEL", "\u007f"],
    ["C1 NEL", "\u0085"],
    ["line separator", "\u2028"],
  ] as const) {
    it(`${label}: 400 with the field named, nothing stored`, async () => {
      for (const [name, method, url, who, payload] of cases(bad)) {
        const res = await t.request({ method, url, cookie: who()?.cookie, payload });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        const { error } = res.json() as { error: { code: string; message: string } };
        expect(error.message, name).toMatch(/single line|not allowed|handle/i);
      }
      const kept = await t.request({ method: "GET", url: `/api/posts/${postId}`, cookie: him.cookie });
      expect(kept.json().title).toBe("Kept");
    });
  }

  it("the same fields still take ordinary text in any script", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { ...post, title: "Été à 東京 🌸", excerpt: "Short — sweet", hashtags: ["café"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const named = await t.request({
      method: "POST",
      url: "/api/auth/update-user",
      cookie: reader.cookie,
      payload: { name: "Zoë Ångström" },
    });
    expect(named.statusCode, named.body).toBe(200);
  });
});
