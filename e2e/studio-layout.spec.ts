// The studio's frame: every view in the navbar's column on a laptop, every view's tab in sight
// on a phone, and a long site name with a logo that leaves the menu button on the bar's row.
import type { Page } from "@playwright/test";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";
import { pngImage } from "./reader-helpers";

const VIEWS = [
  ["Write", "/admin", "Blog Admin"],
  ["Posts", "/admin/posts", "Posts"],
  ["Inbox", "/admin/inbox", "Inbox"],
  ["Settings", "/admin/settings", "Settings"],
  ["Stats", "/admin/stats", "Stats"],
] as const;

const brandOf = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).locator(".navbar-brand").boundingBox();

test.describe("the studio's layout", () => {
  test.beforeEach(async ({ context, server, accounts }) => {
    await accounts.ensure("him");
    await signIn(context, server, HIM_EMAIL);
  });

  test("at 1280 px every view, Write too, starts where the navbar's brand does", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [, path, heading] of VIEWS) {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1, name: heading, exact: true });
      await expect(h1).toBeVisible();
      const brand = (await brandOf(page))!;
      const box = (await h1.boundingBox())!;
      expect(Math.abs(box.x - brand.x), `${path}: heading at ${box.x}, brand at ${brand.x}`).toBeLessThan(2);
      const tabs = page.getByRole("navigation", { name: "Studio" }).getByRole("link");
      const first = (await tabs.first().boundingBox())!;
      expect(Math.abs(first.x - brand.x), `${path}: tabs at ${first.x}`).toBeLessThan(2);
    }
  });

  test("on a phone every studio tab is on the screen, none scrolled out of sight", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/posts");
    const tabs = page.getByRole("navigation", { name: "Studio" }).getByRole("link");
    await expect(tabs).toHaveCount(8);
    for (const name of ["Write", "Posts", "Inbox", "Audience", "Pages", "Settings", "Export", "Stats"]) {
      const tab = tabs.filter({ hasText: name });
      await expect(tab, name).toBeInViewport({ ratio: 1 });
      const box = (await tab.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await tabs.filter({ hasText: "Stats" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Stats", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("on a phone a logo and a long site name leave the menu button on the bar's row", async ({
    page,
    context,
    server,
  }) => {
    const upload = await context.request.post(`${server.baseURL}/api/uploads`, {
      multipart: {
        files: { name: "logo.png", mimeType: "image/png", buffer: await pngImage(192, 96, "#a53a6e") },
      },
      headers: { origin: server.baseURL },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const logoUrl = ((await upload.json()) as { files: Array<{ url: string }> }).files[0]!.url;
    const siteName = "Leo & Maya's Long Weekend Travel Journal";
    const put = (data: Record<string, string>) =>
      context.request.put(`${server.baseURL}/api/settings`, { data, headers: { origin: server.baseURL } });
    expect((await put({ siteName, logoUrl })).status()).toBe(200);
    try {
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto("/");
        const bar = page.getByRole("navigation", { name: "Main" });
        await expect(bar.getByRole("link", { name: siteName })).toBeVisible();
        const brand = (await brandOf(page))!;
        const menu = (await bar.getByRole("button", { name: "Menu" }).boundingBox())!;
        const search = (await bar.getByRole("searchbox").boundingBox())!;
        const middle = menu.y + menu.height / 2;
        expect(middle, `${width}: menu button beside the brand`).toBeGreaterThan(brand.y);
        expect(middle, `${width}: menu button beside the brand`).toBeLessThan(brand.y + brand.height);
        expect(Math.abs(search.y + search.height / 2 - middle)).toBeLessThan(4);
        expect(brand.x + brand.width).toBeLessThanOrEqual(search.x);
        expect(menu.x + menu.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    } finally {
      expect((await put({ siteName: "", logoUrl: "" })).status()).toBe(200);
    }
  });
});
