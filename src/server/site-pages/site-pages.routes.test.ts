import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_MESSAGES } from "../../common/schemas/site-page";
import type { ShellData } from "../../common/types";
import { archiveTables } from "../archive/tables";
import { sitePages } from "../db/schema";
import { readSitemap } from "../test/sitemap";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ SITE_NAME: "Clara & Tom" });
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, user?: TestUser, payload?: unknown) =>
  t.request({
    method,
    url,
    cookie: user?.cookie,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const stored = () => t.ctx.db.select().from(sitePages);
// API tests run without the built renderer: the page's data inlined for it is what it renders
// (the browser test checks the rendered page with JavaScript off).
function dataOf(html: string): ShellData {
  const m = /<script type="application\/json" id="duet-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no inlined data");
  return JSON.parse(m[1]!) as ShellData;
}
const inlinedPage = (html: string, slug: string) =>
  dataOf(html).queries.find(([k]) => JSON.stringify(k) === JSON.stringify(["site-page", slug]))?.[1] as
    | { title: string; content: string }
    | null
    | undefined;
const about = { title: "About us", slug: "about-us", content: "<p>We are Clara and Tom.</p>" };

describe("Privacy Policy and Terms of Service", () => {
  it("start from templates naming what Duet stores, server-rendered at SPEC's footer addresses", async () => {
    const privacy = await call("GET", "/privacy");
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain("<title>Privacy Policy - Clara &#38; Tom</title>");
    const policy = inlinedPage(privacy.body, "privacy")!;
    for (const word of ["Accounts", "Comments", "Likes", "Follows", "Contact messages", "Server logs"])
      expect(policy.content).toContain(`<strong>${word}</strong>`);
    expect(policy.content).toContain("There are no tracking cookies");
    expect(policy.content).toContain("Clara &#38; Tom is a personal blog");
    const terms = await call("GET", "/terms");
    expect(terms.statusCode).toBe(200);
    expect(inlinedPage(terms.body, "terms")?.title).toBe("Terms of Service");
    // Only at their own address.
    expect((await call("GET", "/p/privacy")).statusCode).toBe(404);
  });

  it("an author rewrites the policy; readers see it at once; it cannot be renamed or unpublished", async () => {
    await call("GET", "/privacy"); // a cached page to drop
    const res = await call("PUT", "/api/pages/privacy", her, { content: "<p>We keep very little.</p>" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      slug: "privacy",
      title: "Privacy Policy",
      published: true,
      template: false,
    });
    expect(inlinedPage((await call("GET", "/privacy")).body, "privacy")?.content).toBe(
      "<p>We keep very little.</p>",
    );
    for (const body of [{ slug: "our-privacy" }, { published: false }]) {
      const bad = await call("PUT", "/api/pages/privacy", him, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(PAGE_MESSAGES.builtIn);
    }
    // Deleting goes back to the template.
    expect((await call("DELETE", "/api/pages/privacy", him)).statusCode).toBe(204);
    expect(inlinedPage((await call("GET", "/privacy")).body, "privacy")?.content).toContain(
      "no tracking cookies",
    );
  });
});

describe("pages the authors write", () => {
  it("a draft is hidden; published in the footer it is linked, read without JS, in the sitemap, not in feeds", async () => {
    const created = await call("POST", "/api/pages", him, about);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slug: "about-us", published: false, placement: "none" });
    expect((await call("GET", "/p/about-us")).statusCode).toBe(404);
    expect((await call("GET", "/api/pages/about-us")).statusCode).toBe(404);
    // Its author previews the draft.
    expect(inlinedPage((await call("GET", "/p/about-us", her)).body, "about-us")?.title).toBe("About us");

    const put = await call("PUT", "/api/pages/about-us", her, {
      published: true,
      placement: "footer",
      position: 2,
    });
    expect(put.statusCode, put.body).toBe(200);
    await call("POST", "/api/pages", her, {
      ...about,
      title: "Colophon",
      slug: "colophon",
      published: true,
      placement: "footer",
      position: 1,
    });
    const page = await call("GET", "/p/about-us");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>About us - Clara &#38; Tom</title>");
    expect(inlinedPage(page.body, "about-us")?.content).toBe("<p>We are Clara and Tom.</p>");
    expect(dataOf((await call("GET", "/")).body).pageLinks).toEqual({
      nav: [],
      footer: [
        { title: "Colophon", path: "/p/colophon" },
        { title: "About us", path: "/p/about-us" },
      ],
    });
    expect((await call("GET", "/api/pages/about-us", reader)).json()).toMatchObject({ title: "About us" });
    const sitemap = await readSitemap((url) => call("GET", url));
    expect(sitemap).toContain("/p/about-us</loc>");
    expect(sitemap).toContain("/privacy</loc>");
    expect((await call("GET", "/feed.xml")).body).not.toContain("About us");
    expect((await call("GET", "/api/search?q=clara")).body).not.toContain("about-us");

    // In the navbar instead.
    await call("PUT", "/api/pages/about-us", him, { placement: "nav" });
    expect(dataOf((await call("GET", "/his-blog")).body).pageLinks.nav).toEqual([
      { title: "About us", path: "/p/about-us" },
    ]);
  });

  it("renames a page, and deletes it", async () => {
    const res = await call("PUT", "/api/pages/colophon", her, {
      slug: "how-we-made-it",
      title: "How we made it",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call("GET", "/p/colophon")).statusCode).toBe(404);
    expect(inlinedPage((await call("GET", "/p/how-we-made-it")).body, "how-we-made-it")?.title).toBe(
      "How we made it",
    );
    expect((await call("DELETE", "/api/pages/how-we-made-it", him)).statusCode).toBe(204);
    expect((await call("GET", "/p/how-we-made-it")).statusCode).toBe(404);
    expect((await call("DELETE", "/api/pages/how-we-made-it", him)).statusCode).toBe(404);
  });

  it("only the two authors write pages: visitors get 401, readers 403, nothing stored", async () => {
    const before = await stored();
    const writes = [
      ["POST", "/api/pages", { ...about, slug: "mine" }],
      ["PUT", "/api/pages/about-us", { title: "Hacked" }],
      ["PUT", "/api/pages/terms", { content: "<p>Hacked</p>" }],
      ["DELETE", "/api/pages/about-us", undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, reader, body)).statusCode).toBe(403);
    }
    expect((await call("GET", "/api/pages")).statusCode).toBe(401);
    expect((await call("GET", "/api/pages", reader)).statusCode).toBe(403);
    const list = await call("GET", "/api/pages", him);
    expect(list.json().map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(["privacy", "terms", "about-us"]),
    );
    expect(await stored()).toEqual(before);
  });

  it("refuses bad input with a clear 400/409 and stores nothing", async () => {
    const before = await stored();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ ...about, slug: "about-us" }, 409, PAGE_MESSAGES.taken],
      [{ ...about, slug: "terms" }, 409, PAGE_MESSAGES.taken],
      [{ ...about, slug: "admin" }, 400, PAGE_MESSAGES.reserved],
      [{ ...about, slug: "his-blog" }, 400, PAGE_MESSAGES.reserved],
      [{ ...about, slug: "About Us" }, 400, PAGE_MESSAGES.slug],
      [{ ...about, slug: "../x" }, 400, PAGE_MESSAGES.slug],
      [{ ...about, slug: "a".repeat(61) }, 400, PAGE_MESSAGES.slug],
      [{ ...about, slug: "ok", title: "x".repeat(121) }, 400, /at most 120/],
      [{ ...about, slug: "ok", title: 5 }, 400, "Title must be text"],
      [{ ...about, slug: "ok", content: "x".repeat(200_001) }, 400, /at most 200,000/],
      [{ ...about, slug: "ok", content: "<script>alert(1)</script>" }, 400, "Content is required"],
      [{ ...about, slug: "ok", placement: "sidebar" }, 400, /placement/],
      [{ ...about, slug: "ok", position: -1 }, 400, /position/],
      [{ ...about, slug: "ok", extra: 1 }, 400, "Unknown field: extra."],
      [
        {
          ...about,
          slug: "ok",
          images: [{ id: "a", url: "https://evil.example/x.png", position: "center", size: "medium" }],
        },
        400,
        /uploads/,
      ],
      [null, 400, /JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("POST", "/api/pages", her, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    const rename = await call("PUT", "/api/pages/about-us", her, { slug: "login" });
    expect(rename.json().error.message).toBe(PAGE_MESSAGES.reserved);
    expect((await call("PUT", "/api/pages/no-such-page", her, { title: "x" })).statusCode).toBe(404);
    expect((await call("PUT", "/api/pages/..%2Fetc", her, { title: "x" })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it("keeps unsafe links and scripts out of a page", async () => {
    const res = await call("PUT", "/api/pages/about-us", him, {
      content: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script></p>',
    });
    expect(res.statusCode).toBe(200);
    const body = inlinedPage((await call("GET", "/p/about-us")).body, "about-us")!.content;
    expect(body).not.toContain("javascript:");
    expect(body).not.toContain("onclick");
    expect(body).not.toContain("<script>alert");
  });

  it("travels in the export archive", () => {
    expect(archiveTables({ withSecrets: false }).map((table) => table.name)).toContain("site_pages");
  });
});

describe("the studio's Save page", () => {
  it("saves every field the form sends back to a stored page, a template or a draft it publishes", async () => {
    // What the form sends: all it shows, the built-in pages without address or state.
    const terms = (await call("GET", "/api/pages/terms", her)).json();
    const { title, content, images, position } = terms;
    const fixed = await call("PUT", "/api/pages/terms", her, { title, content, images, position });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = await call("PUT", "/api/pages/terms", her, {
      title: "Terms of use",
      content,
      images,
      position,
    });
    expect(again.json()).toMatchObject({ title: "Terms of use", template: false, published: true });

    const draft = {
      title: "Our story",
      slug: "our-story",
      content: "<p>A train.</p>",
      images: [],
      position: 0,
    };
    expect(
      (await call("POST", "/api/pages", him, { ...draft, published: false, placement: "footer" })).statusCode,
    ).toBe(201);
    expect((await call("GET", "/p/our-story")).statusCode).toBe(404);
    const published = await call("PUT", "/api/pages/our-story", him, {
      ...draft,
      published: true,
      placement: "footer",
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await call("GET", "/p/our-story")).statusCode).toBe(200);
    expect(dataOf((await call("GET", "/")).body).pageLinks.footer).toContainEqual({
      title: "Our story",
      path: "/p/our-story",
    });
  });
});
