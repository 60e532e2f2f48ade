import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_SETTINGS_MESSAGES } from "../../common/schemas/site-settings";
import { DEFAULT_SITE_SETTINGS } from "../../common/site-settings";
import { archiveTables } from "../archive/tables";
import { TEST_CONTACT_FAILED } from "../contact/contact.routes";
import { mailQueue, siteSettings, siteSettingsChanges } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ SITE_NAME: "Duet", CONTACT_TO_EMAIL: "inbox@example.org" });
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const get = (user?: TestUser) => t.request({ method: "GET", url: "/api/settings", cookie: user?.cookie });
const put = (payload: unknown, user?: TestUser) =>
  t.request({ method: "PUT", url: "/api/settings", cookie: user?.cookie, payload: payload as object });
const reset = () =>
  put(
    Object.fromEntries(Object.keys({ ...DEFAULT_SITE_SETTINGS, contactRecipients: "" }).map((k) => [k, ""])),
    her,
  );

describe("GET /api/settings", () => {
  it("gives a new install's texts to everyone, and the contact recipients only to the authors", async () => {
    for (const user of [undefined, reader]) {
      const res = await get(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULT_SITE_SETTINGS);
    }
    for (const user of [him, her]) {
      expect((await get(user)).json()).toEqual({
        ...DEFAULT_SITE_SETTINGS,
        contactRecipients: "inbox@example.org",
      });
    }
  });
});

describe("PUT /api/settings", () => {
  it("lets either author change the settings; readers see them at once and the change is logged", async () => {
    await t.request({ method: "GET", url: "/" }); // a cached page and settings to drop
    const res = await put(
      { siteName: "  Clara & Tom ", herBlogName: "Clara's Garden", accentLight: "#1F5C99" },
      her,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      siteName: "Clara & Tom",
      heroHeading: "Welcome to Clara & Tom",
      herBlogName: "Clara's Garden",
      accentLight: "#1f5c99",
    });
    expect((await get()).json()).toMatchObject({ siteName: "Clara & Tom", herBlogName: "Clara's Garden" });
    const home = (await t.request({ method: "GET", url: "/" })).body;
    expect(home).toContain("<title>Clara &#38; Tom</title>");
    expect(home).toContain('<html style="--site-accent-light:#1f5c99;--site-accent-light-contrast:#ffffff"');
    const feed = (await t.request({ method: "GET", url: "/her-blog/feed.xml" })).body;
    expect(feed).toContain("<title>Clara&apos;s Garden - Clara &amp; Tom</title>");
    expect((await put({ himBlogName: "Tom's Workshop" }, him)).statusCode).toBe(200);
    const log = await t.ctx.db.select().from(siteSettingsChanges);
    expect(log.map((row) => [row.userEmail, Object.keys(row.changes).sort()])).toEqual([
      [her.email, ["accentLight", "herBlogName", "heroHeading", "siteName"]],
      [him.email, ["himBlogName"]],
    ]);
    expect(log[0]!.changes.siteName).toEqual({ from: "Duet", to: "Clara & Tom" });
    const changes = await t.request({ method: "GET", url: "/api/settings/changes", cookie: him.cookie });
    expect(changes.json()[0]).toMatchObject({
      userEmail: him.email,
      changes: { himBlogName: { to: "Tom's Workshop" } },
    });
    // Empty: back to the default; the environment's recipients apply again.
    await put({ contactRecipients: "a@example.org, b@example.org" }, him);
    expect((await get(him)).json().contactRecipients).toBe("a@example.org, b@example.org");
    expect((await reset()).statusCode).toBe(200);
    expect((await get(him)).json()).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      contactRecipients: "inbox@example.org",
    });
  });

  it("role matrix: visitor 401, reader 403, changing nothing", async () => {
    for (const [user, code] of [
      [undefined, 401],
      [reader, 403],
    ] as const) {
      const res = await put({ siteName: "Hacked" }, user);
      expect(res.statusCode).toBe(code);
      expect(res.json().error.code).toBe(code === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
      const changes = await t.request({ method: "GET", url: "/api/settings/changes", cookie: user?.cookie });
      expect(changes.statusCode).toBe(code);
      const test = await t.request({
        method: "POST",
        url: "/api/settings/test-contact",
        cookie: user?.cookie,
        payload: {},
      });
      expect(test.statusCode).toBe(code);
    }
    expect((await get()).json().siteName).toBe("Duet");
  });

  it("refuses bad input with a clear 400 and stores nothing of it", async () => {
    await put({ tagline: "Kept" }, him);
    const cases: Array<[unknown, string]> = [
      [{ siteName: "x".repeat(81) }, "The site name must be at most 80 characters."],
      [{ siteName: 7 }, "The site name must be text."],
      [{ siteName: "Two\nlines" }, "The site name must be a single line."],
      [{ aboutText: "a".repeat(100_000) }, "The About Us text must be at most 2000 characters."],
      [{ accentLight: "red" }, SITE_SETTINGS_MESSAGES.colourFormat],
      [{ accentLight: "#ffffff" }, SITE_SETTINGS_MESSAGES.lowContrast("light", 1.04)],
      [{ accentDark: "#333333" }, SITE_SETTINGS_MESSAGES.lowContrast("dark", 1.43)],
      [{ pinterestBoard: "javascript:alert(1)" }, SITE_SETTINGS_MESSAGES.pinterest],
      [{ pinterestBoard: "http://www.pinterest.com/ana/garden/" }, SITE_SETTINGS_MESSAGES.pinterest],
      [{ pinterestBoard: "https://www.pinterest.com.evil.example/ana/" }, SITE_SETTINGS_MESSAGES.pinterest],
      [{ contactRecipients: "me@example.org, not an address" }, SITE_SETTINGS_MESSAGES.recipients],
      [
        { contactRecipients: Array(11).fill("a@example.org").join(",") },
        SITE_SETTINGS_MESSAGES.tooManyRecipients,
      ],
      // One bad field: the good one beside it is not stored either.
      [{ siteName: "Half", accentDark: "nope" }, SITE_SETTINGS_MESSAGES.colourFormat],
      [{ admin: true }, "Unknown field: admin."],
      [null, "The request body must be a JSON object."],
      [["x"], "The request body must be a JSON object."],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload, her);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
    expect((await get()).json()).toEqual({ ...DEFAULT_SITE_SETTINGS, tagline: "Kept" });
  });

  it("keeps markup in a setting as text in the page, its head, its data and the feed", async () => {
    const evil = '</script><script>alert(1)</script>"><img src=x onerror=alert(1)>';
    expect((await put({ siteName: evil.slice(0, 80), footerText: evil }, him)).statusCode).toBe(200);
    for (const url of ["/", "/her-blog", "/feed.xml"]) {
      const body = (await t.request({ method: "GET", url })).body;
      expect(body, url).not.toContain("<script>alert(1)");
      expect(body, url).not.toContain("<img src=x");
    }
    expect((await put({ siteName: "", footerText: "" }, him)).statusCode).toBe(200);
  });

  it("switches her pin board to a board (its widget allowed by the page's CSP), off, and back to none", async () => {
    const board = "https://www.pinterest.com/ana/garden/";
    const herPage = async () => {
      const res = await t.request({ method: "GET", url: "/her-blog" });
      const data = JSON.parse(res.body.match(/id="duet-data">(.*?)<\/script>/)![1]!);
      return { csp: String(res.headers["content-security-policy"]), data };
    };
    expect((await herPage()).csp).not.toContain("pinterest");
    expect((await put({ pinterestBoard: board }, her)).json().pinterestBoard).toBe(board);
    const on = await herPage();
    expect(on.csp).toContain("https://assets.pinterest.com");
    expect(on.data).toMatchObject({ pinterestBoardUrl: board, site: { pinterestBoard: board } });
    expect((await put({ pinterestBoard: "off" }, him)).json().pinterestBoard).toBe("off");
    const off = await herPage();
    expect(off.csp).not.toContain("pinterest");
    expect(off.data).toMatchObject({ pinterestBoardUrl: null, site: { pinterestBoard: "off" } });
    expect((await put({ pinterestBoard: "" }, her)).json().pinterestBoard).toBe("");
  });
});

describe("stored settings", () => {
  it("are checked again when read: a bad value brought by an import is ignored", async () => {
    const values = {
      accentLight: "red;background:url(x)",
      pinterestBoard: "javascript:alert(1)",
      tagline: "Fine",
    };
    await t.ctx.db
      .insert(siteSettings)
      .values({ id: 1, values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { values } });
    t.ctx.cache.invalidate();
    expect((await get()).json()).toEqual({ ...DEFAULT_SITE_SETTINGS, tagline: "Fine" });
    expect((await reset()).statusCode).toBe(200);
  });

  it("name the site and the blog in the audience emails", async () => {
    await put({ siteName: "Clara & Tom", herBlogName: "Clara's Garden" }, her);
    const res = await t.request({
      method: "POST",
      url: "/api/follow",
      payload: { email: "fan@example.org", authors: ["her"] },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [mail] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.toEmail, "fan@example.org"));
    expect(mail?.subject).toBe("[Clara & Tom] Confirm that you want to follow Clara's Garden");
    expect((await reset()).statusCode).toBe(200);
  });

  it("travel in the Duet archive with their change log", () => {
    const names = archiveTables({ withSecrets: false }).map((table) => table.name);
    expect(names).toEqual(expect.arrayContaining(["site_settings", "site_settings_changes"]));
  });
});

describe("POST /api/settings/test-contact", () => {
  it("sends a test message to the contact recipients at once", async () => {
    await put({ contactRecipients: "clara@example.org" }, her);
    const res = await t.request({
      method: "POST",
      url: "/api/settings/test-contact",
      cookie: her.cookie,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sentTo: ["clara@example.org"] });
    expect(t.mailer.to("clara@example.org").at(-1)?.subject).toBe("[Duet] Contact: Test message");
    // A reader's message goes the same way, under the site's name in force.
    await put({ siteName: "Clara & Tom" }, her);
    const sent = await t.request({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ana", email: "ana@example.org", subject: "Hello", message: "Hi there" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.ctx.contactDelivery.drain();
    expect(t.mailer.to("clara@example.org").at(-1)?.subject).toBe("[Clara & Tom] Contact: Hello");
    expect(t.mailer.to("inbox@example.org")).toEqual([]);
    await put({ siteName: "" }, her);
    const bad = await t.request({
      method: "POST",
      url: "/api/settings/test-contact",
      cookie: her.cookie,
      payload: { to: "x" },
    });
    expect(bad.json()).toEqual({ error: { code: "VALIDATION_ERROR", message: "Unknown field: to." } });
  });

  it("says so when the message cannot be sent", async () => {
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error("SMTP down");
    };
    try {
      const res = await t.request({
        method: "POST",
        url: "/api/settings/test-contact",
        cookie: him.cookie,
        payload: {},
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: { code: "CONTACT_TEST_FAILED", message: TEST_CONTACT_FAILED } });
    } finally {
      t.mailer.send = send;
    }
  });
});
