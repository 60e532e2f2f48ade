// Accessibility of the studio: axe-core finds nothing in /admin and in inline edit mode,
// nor in any studio view,
// in both themes; errors are tied to their fields and focus goes to the first invalid one.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";
import { pageSettled } from "./page-settled";

const THEMES = ["dark", "light"] as const;

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.passes.length, "axe checked the page").toBeGreaterThan(10);
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("studio accessibility", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  for (const theme of THEMES) {
    test(`axe: /admin with an image, and inline edit mode, have no violations (${theme})`, async ({
      page,
      context,
      server,
    }) => {
      await useTheme(page, theme);
      await signIn(context, server, HIM_EMAIL);
      await page.goto("/admin");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const title = `Accessible ${theme} ${Math.random().toString(36).slice(2, 7)}`;
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByRole("textbox", { name: "Content" }).click();
      await page.keyboard.type("Some words for the checker.");
      const buffer = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#445566" } })
        .png()
        .toBuffer();
      await page.getByLabel("Add images").setInputFiles([{ name: "a.png", mimeType: "image/png", buffer }]);
      await expect(page.locator(".image-entry")).not.toContainText("not uploaded yet");
      await page.getByRole("button", { name: "Font", exact: true }).click();
      await expect(page.getByRole("listbox", { name: "Font" })).toBeVisible();
      await expectNoViolations(page);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "HTML", exact: true }).click();
      await expectNoViolations(page);

      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByRole("link", { name: "View post", exact: true }).click();
      await page.getByRole("button", { name: "Edit" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit post" })).toBeFocused();
      await expectNoViolations(page);
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();
    });
  }

  // Every studio view, in both themes (Stats with its table views open),
  // reached through the studio's own navigation; each view takes focus to its heading.
  for (const theme of THEMES) {
    test(`axe: every studio view has no violations (${theme})`, async ({ page, context, server }) => {
      test.setTimeout(60_000);
      await useTheme(page, theme);
      await signIn(context, server, HIM_EMAIL);
      const created = await context.request.post(`${server.baseURL}/api/posts`, {
        data: { title: `Audited ${theme}`, content: "<p>Checked.</p>", author: "him" },
        headers: { origin: server.baseURL },
      });
      expect(created.status()).toBe(201);
      await page.goto("/admin/posts");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.locator(".own-post").first()).toBeVisible();
      await expectNoViolations(page);
      const studio = page.getByRole("navigation", { name: "Studio" });
      for (const [link, heading] of [
        ["Write", "Blog Admin"],
        ["Inbox", "Inbox"],
        ["Audience", "Audience"],
        ["Settings", "Settings"],
        ["Export", "Export"],
        ["Stats", "Stats"],
      ] as const) {
        await studio.getByRole("link", { name: link }).click();
        const h1 = page.getByRole("heading", { level: 1, name: heading });
        await expect(h1).toBeFocused();
        await expect(studio.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
        if (link === "Write") {
          await page.getByRole("tab", { name: "Preview" }).click();
          await expect(page.getByRole("tabpanel", { name: "Preview" })).toBeVisible();
        }
        if (link === "Stats") {
          await expect(page.locator(".stats-chart canvas")).toHaveCount(2);
          for (const toggle of await page.getByText("Show as table").all()) await toggle.click();
          await expect(page.getByRole("table", { name: "Views and visitors" })).toBeVisible();
        }
        await pageSettled(page);
        await expectNoViolations(page);
      }
    });
  }

  test("errors are tied to their fields, focus goes to the first invalid one, a busy button keeps focus", async ({
    page,
    context,
    server,
  }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const message = page.getByRole("alert");
    await expect(message).toHaveText("Title and content are required.");
    const title = page.getByLabel("Title", { exact: true });
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    const messageId = await message.getAttribute("id");
    await expect(title).toHaveAttribute("aria-describedby", new RegExp(messageId!));
    const content = page.getByRole("textbox", { name: "Content" });
    await expect(content).toHaveAttribute("aria-invalid", "true");

    await title.fill("Only a title");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(content).toBeFocused();
    await expect(title).not.toHaveAttribute("aria-invalid", "true");

    await page.keyboard.type("And now some content.");
    await page.route(/\/api\/posts(\/[^/]+)?$/, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    const publish = page.getByRole("button", { name: "Publish", exact: true });
    await publish.focus();
    await page.keyboard.press("Enter");
    const busy = page.getByRole("button", { name: "Publishing..." });
    await expect(busy).toHaveAttribute("aria-disabled", "true");
    await expect(busy).toBeFocused();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
  });
});
