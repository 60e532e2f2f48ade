import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_SETTINGS_MESSAGES } from "../../common/schemas/site-settings";
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

function multipartOf(filename: string, type: string, data: Buffer) {
  const boundary = "----duet-logo-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

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

// The logo lives in the site settings; tested here to spare the suite one more app.
describe("the logo and favicon (PUT /api/settings logoUrl)", () => {
  const putLogo = (logoUrl: unknown, user?: TestUser) =>
    t.request({ method: "PUT", url: "/api/settings", cookie: user?.cookie, payload: { logoUrl } });
  const logoNow = async () => (await t.request({ method: "GET", url: "/api/settings" })).json().logoUrl;

  it("an uploaded image becomes the navbar's logo and the favicon, in the server's HTML", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#b24a1c" } })
      .png()
      .toBuffer();
    const upload = await t.request({
      method: "POST",
      url: "/api/uploads",
      cookie: her.cookie,
      ...multipartOf("logo.png", "image/png", png),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const url = upload.json().files[0].url as string;
    const res = await putLogo(url, her);
    expect(res.statusCode, res.body).toBe(200);
    expect(await logoNow()).toBe(url);
    const home = (await t.request({ method: "GET", url: "/" })).body;
    expect(home).toContain(`<link rel="icon" href="${url}">`);
    expect(home).not.toContain("/favicon.svg");
    expect(home).toContain(`"logoUrl":"${url}"`);
    expect((await putLogo("", him)).statusCode).toBe(200);
    expect(await logoNow()).toBe("");
  });

  it("refuses what is not an image stored here with a clear 400, and other roles; nothing stored", async () => {
    await t.ctx.storage.put("blog-images/1_notes.txt", Buffer.from("not an image"));
    for (const bad of [
      "/uploads/blog-images/1_notes.txt",
      "/uploads/blog-images/404_missing.png",
      "https://evil.example/logo.png",
      "javascript:alert(1)",
      "/uploads/../secret.png",
      42,
    ]) {
      const res = await putLogo(bad, her);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toBe(SITE_SETTINGS_MESSAGES.logo);
    }
    const text = await t.request({
      method: "POST",
      url: "/api/uploads",
      cookie: her.cookie,
      ...multipartOf("logo.png", "image/png", Buffer.from("<svg>not really</svg>")),
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect((await putLogo("/uploads/blog-images/1_x.png")).statusCode).toBe(401);
    expect((await putLogo("/uploads/blog-images/1_x.png", reader)).statusCode).toBe(403);
    expect(await logoNow()).toBe("");
  });
});
