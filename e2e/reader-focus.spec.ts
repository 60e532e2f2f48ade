// Navigation inside the app moves focus to the new page's h1 (not on the first,
// server-rendered load), and the skip link's target #main takes focus.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { expect, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? { tag: el.tagName.toLowerCase(), id: el.id, text: el.textContent?.trim() ?? "" } : null;
  });

test.describe("focus on navigation", () => {
  let post: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    const request = await playwright.request.newContext();
    const him = await authorClient(request, server, "him");
    post = await him.publish({
      title: `Focus walk ${randomUUID().slice(0, 8)}`,
      content: "<p>A short walk.</p>",
      hashtags: ["focus"],
    });
    await request.dispose();
  });

  test("the first load leaves focus alone; a nav link moves it to the new page's h1", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await activeElement(page))?.tag).toBe("body");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "His Blog" }).click();
    const heading = page.getByRole("heading", { level: 1, name: "His Blog" });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute("tabindex", "-1");
    // A programmatic focus draws no ring on a heading.
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("none");

    // A post that loads its data after the route changed: focus waits for its h1.
    await page.getByRole("link", { name: post.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeFocused();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeFocused();

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeFocused();
  });

  test("the skip link moves focus to #main, and the next Tab goes into the page", async ({ page }) => {
    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
    await page.keyboard.press("Tab");
    // The first control inside the page, not the navbar's first link again.
    expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(
      true,
    );
  });
});
