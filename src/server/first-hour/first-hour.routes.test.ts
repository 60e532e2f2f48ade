import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorProfiles } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const firstHour = (user?: TestUser) =>
  t.request({ method: "GET", url: "/api/me/first-hour", cookie: user?.cookie });

describe("GET /api/me/first-hour", () => {
  it("ticks each step from real data, for each author on their own", async () => {
    expect((await firstHour(her)).json()).toEqual({ profile: false, post: false, settings: false });

    await t.ctx.db
      .insert(authorProfiles)
      .values({ author: "her", name: "Clara", photoUrl: "/uploads/blog-images/1_clara.webp" });
    const post = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: "Hello", content: "<p>First words.</p>", author: "her" },
    });
    expect(post.statusCode, post.body).toBe(201);
    const settings = await t.request({
      method: "PUT",
      url: "/api/settings",
      cookie: her.cookie,
      payload: { tagline: "Our corner" },
    });
    expect(settings.statusCode).toBe(200);

    const res = await firstHour(her);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({ profile: true, post: true, settings: true });
    // The other author's steps are theirs.
    expect((await firstHour(him)).json()).toEqual({ profile: false, post: false, settings: false });
  });

  it("a name without a photo is not done yet; a saved page counts as a look at the settings", async () => {
    await t.ctx.db.insert(authorProfiles).values({ author: "him", name: "Tom" });
    await t.request({
      method: "POST",
      url: "/api/pages",
      cookie: him.cookie,
      payload: { title: "About", slug: "about", content: "<p>Us.</p>" },
    });
    expect((await firstHour(him)).json()).toEqual({ profile: false, post: false, settings: true });
  });

  it("is the authors' only: a visitor gets 401, a reader 403", async () => {
    expect((await firstHour()).statusCode).toBe(401);
    expect((await firstHour(reader)).statusCode).toBe(403);
  });
});
