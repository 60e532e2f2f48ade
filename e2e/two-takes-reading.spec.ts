import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount, type DuetServer, expect, HER_EMAIL, HIM_EMAIL, startServer, test } from "./fixtures";
import { pageSettled } from "./page-settled";
import { authorClient } from "./reader-helpers";

// A revealed two-takes post (docs/decisions/0046-two-takes.md), read as a reader would: with
// JavaScript on and off, side by side at 1280 px and one after the other at 390 px; and axe finds
// nothing on it in either theme at either width, and the keyboard reaches the other take.

async function call(
  request: APIRequestContext,
  server: DuetServer,
  method: "POST" | "GET",
  path: string,
  data?: object,
) {
  const res = await request.fetch(`${server.baseURL}${path}`, {
    method,
    ...(data ? { data } : {}),
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

// As reader-a11y.spec.ts: the reader's pages are held to WCAG 2.2 AA and axe's best practices.
async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.passes.length, `axe checked ${label}`).toBeGreaterThan(10);
  expect(
    results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("a revealed pair, read", () => {
  let server: DuetServer;
  let stop: () => Promise<void>;
  let slug: string;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    ({ server, stop } = await startServer({ SEED_DEMO: "false" }));
    const asHer = await playwright.request.newContext();
    const asHim = await playwright.request.newContext();
    await createAccount(asHer, server, { email: HER_EMAIL, name: "Maya" });
    await createAccount(asHim, server, { email: HIM_EMAIL, name: "Leo" });
    await authorClient(asHer, server, "her");
    await authorClient(asHim, server, "him");
    const pair = await call(asHer, server, "POST", "/api/takes", {
      topic: "Lisbon",
      prompt: "The best meal of the trip",
    });
    await call(asHim, server, "POST", `/api/takes/${pair.id}/accept`);
    const hers = await call(asHer, server, "POST", "/api/posts", {
      author: "her",
      pairId: pair.id,
      title: "Sardines at dusk",
      content: "<p>Grilled sardines by the river.</p>",
    });
    await call(asHim, server, "POST", "/api/posts", {
      author: "him",
      pairId: pair.id,
      title: "Custard at dawn",
      content: "<p>Pastéis de nata, still warm.</p>",
    });
    await call(asHer, server, "POST", `/api/takes/${pair.id}/ready`);
    const revealed = await call(asHim, server, "POST", `/api/takes/${pair.id}/ready`);
    expect(revealed.state).toBe("revealed");

    slug = hers.slug;
    await asHer.dispose();
    await asHim.dispose();
  });

  test.afterAll(async () => {
    await stop();
  });

  test("a reader reads both takes, with JavaScript on and off, wide and narrow", async ({ browser }) => {
    test.setTimeout(120_000);
    for (const javaScriptEnabled of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          javaScriptEnabled,
          viewport: { width, height: 900 },
        });
        const page = await context.newPage();
        await page.goto(`/post/${slug}`);
        await expect(page.getByRole("heading", { level: 1, name: "Lisbon" })).toBeVisible();
        await expect(page.getByText("The best meal of the trip")).toBeVisible();
        const herTake = page.locator("#take-her");
        const hisTake = page.locator("#take-him");
        await expect(herTake.getByText("Grilled sardines by the river.")).toBeVisible();
        await expect(hisTake.getByText("Pastéis de nata, still warm.")).toBeAttached();
        await expect(hisTake.getByRole("link", { name: "Leo" })).toBeAttached();
        const her = await herTake.boundingBox();
        const him = await hisTake.boundingBox();
        if (width === 1280) {
          // Side by side, each at a readable measure.
          expect(Math.abs(her!.y - him!.y)).toBeLessThan(2);
          expect(him!.x).toBeGreaterThan(her!.x + her!.width - 1);
          expect(her!.width).toBeGreaterThan(380);
        } else {
          // One after the other, with a link to jump to the other take: a 44 px tap target.
          expect(him!.y).toBeGreaterThan(her!.y + her!.height - 1);
          const jump = await page.getByRole("link", { name: "Leo's take" }).boundingBox();
          expect(jump!.height).toBeGreaterThanOrEqual(44);
          expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
          await page.getByRole("link", { name: "Leo's take" }).click();
          await expect(page).toHaveURL(/#take-him$/);
          await expect(hisTake).toBeInViewport();
        }
        await page.screenshot({
          path: test.info().outputPath(`two-takes-${width}-${javaScriptEnabled ? "js" : "no-js"}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  });

  for (const theme of ["dark", "light"] as const) {
    test(`axe finds nothing wide and narrow, and the keyboard reaches the other take (${theme})`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          viewport: { width, height: 900 },
        });
        // about:blank, the new page's first document, has no storage.
        await context.addInitScript((t) => {
          if (location.protocol.startsWith("http")) localStorage.setItem("duet-theme", t);
        }, theme);
        const page = await context.newPage();
        await page.goto(`/post/${slug}`);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { level: 1, name: "Lisbon" })).toBeVisible();
        await pageSettled(page);
        await expectNoViolations(page, `/post/${slug} (${width}px)`);

        // Tab from the top of the page to the jump link, then follow it with Enter.
        const jump = page
          .getByRole("navigation", { name: "The two takes" })
          .getByRole("link", { name: "Leo's take" });
        let reached = false;
        for (let i = 0; i < 30 && !reached; i++) {
          await page.keyboard.press("Tab");
          reached = await jump.evaluate((el) => el === document.activeElement);
        }
        expect(reached, "Tab reaches the link to Leo's take").toBe(true);
        await expect(jump).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/#take-him$/);
        const hisTake = page.locator("#take-him");
        await expect(hisTake).toBeInViewport();
        // Focus went with it: the take is focused, and the next Tab stays inside it.
        await expect(hisTake).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(hisTake.getByRole("link", { name: "Leo" })).toBeFocused();
        await context.close();
      }
    });
  }
});
