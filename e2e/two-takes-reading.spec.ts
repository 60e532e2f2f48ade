import type { APIRequestContext } from "@playwright/test";
import { createAccount, type DuetServer, expect, HER_EMAIL, HIM_EMAIL, startServer, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

// A revealed two-takes post (docs/decisions/0046-two-takes.md), read as a reader would: with
// JavaScript on and off, side by side at 1280 px and one after the other at 390 px.

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

test("a reader reads both takes of a revealed pair, with JavaScript on and off, wide and narrow", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { server, stop } = await startServer({ SEED_DEMO: "false" });
  try {
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

    for (const javaScriptEnabled of [false, true]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          javaScriptEnabled,
          viewport: { width, height: 900 },
        });
        const page = await context.newPage();
        await page.goto(`/post/${hers.slug}`);
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
          // One after the other, with a link to jump to the other take.
          expect(him!.y).toBeGreaterThan(her!.y + her!.height - 1);
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
    await asHer.dispose();
    await asHim.dispose();
  } finally {
    await stop();
  }
});
