// Typography: the self-hosted text face, the reading measure, one heading style and
// message layout on every page, and text-field borders at 3:1 against their surroundings.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { expect, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

const THEMES = ["dark", "light"] as const;

const LONG_PARAGRAPH = Array.from(
  { length: 12 },
  (_, i) => `Sentence ${i + 1} of a long paragraph about walking by the sea, the light and the boats.`,
).join(" ");

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
}

/** WCAG contrast of each text field's border against its own background and the one around it. */
function borderContrasts(page: Page) {
  return page.evaluate(() => {
    const rgb = (css: string) => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      const [r = 0, g = 0, b = 0, a = 1] = (m?.[1] ?? "0,0,0").split(/[ ,/]+/).map(Number);
      return { r, g, b, a };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) =>
      [r, g, b]
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] ?? 0), 0);
    const ratio = (x: string, y: string) => {
      const [a, b] = [lum(rgb(x)), lum(rgb(y))].sort((p, q) => q - p) as [number, number];
      return (a + 0.05) / (b + 0.05);
    };
    const backgroundAround = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (rgb(bg).a > 0) return bg;
      }
      return "rgb(255, 255, 255)";
    };
    return [...document.querySelectorAll("input:not([type=checkbox]):not([type=hidden]), textarea")].map(
      (field) => {
        const style = getComputedStyle(field);
        return {
          name: field.getAttribute("name") ?? field.id,
          inside: ratio(style.borderTopColor, backgroundAround(field)),
          outside: ratio(style.borderTopColor, backgroundAround(field.parentElement)),
        };
      },
    );
  });
}

test.describe("typography and layout", () => {
  let post: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    const request = await playwright.request.newContext();
    const him = await authorClient(request, server, "him");
    post = await him.publish({
      title: `Measure ${randomUUID().slice(0, 8)}`,
      content: `<p>${LONG_PARAGRAPH}</p><p><em>An italic line.</em></p>`,
    });
    await request.dispose();
  });

  test("post text is set in the self-hosted face from our own origin, about 70 characters a line", async ({
    page,
    baseURL,
  }) => {
    const fontResponses: Array<{ url: string; cache: string | undefined }> = [];
    const foreign: string[] = [];
    page.on("response", (res) => {
      if (!res.url().startsWith(baseURL!) && !res.url().startsWith("data:")) foreign.push(res.url());
      if (res.url().endsWith(".woff2"))
        fontResponses.push({ url: res.url(), cache: res.headers()["cache-control"] });
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/post/${post.id}`);
    const paragraph = page.locator(".post-content p").first();
    await expect(paragraph).toContainText("Sentence 12");
    await page.evaluate(() => document.fonts.ready);
    // The text faces are `font-display: optional` (fonts.css): a first visit whose file comes late
    // keeps the fallback rather than re-flow. The next page finds them cached and sets them.
    await page.reload();
    await expect(paragraph).toContainText("Sentence 12");
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((f) => f.family === "Source Serif 4" && f.status === "loaded")
        .map((f) => `${f.weight} ${f.style}`)
        .sort();
    });
    // Headings, the text and its italic line: the three faces, each loaded.
    expect(loaded).toEqual(["400 italic", "400 normal", "700 normal"]);
    expect(await paragraph.evaluate((p) => getComputedStyle(p).fontFamily)).toMatch(/^"Source Serif 4"/);
    // The headings' face (every page) and the text's face (post pages) start with the HTML, so
    // they are usually in before the first paint.
    const preloaded = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? "").sort());
    expect(preloaded).toEqual([
      expect.stringMatching(/^\/assets\/source-serif-4-latin-400-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/source-serif-4-latin-700-normal-[\w-]+\.woff2$/),
    ]);
    expect(fontResponses.length).toBeGreaterThan(0);
    for (const font of fontResponses) {
      expect(font.url).toMatch(/\/assets\/source-serif-4-latin-(400|700)-(normal|italic)-[\w-]+\.woff2$/);
      expect(font.cache).toContain("immutable");
    }
    expect(foreign).toEqual([]);

    const perLine = await paragraph.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      const text = p.textContent ?? "";
      // Every line but the last is full.
      return text.length / (tops.size - 0.5);
    });
    expect(perLine).toBeGreaterThanOrEqual(62);
    expect(perLine).toBeLessThanOrEqual(78);
  });

  test("a list of cards downloads one font file, the headings' face", async ({ page }) => {
    const fonts: string[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith(".woff2")) fonts.push(new URL(res.url()).pathname);
    });
    await page.goto("/his-blog");
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([expect.stringMatching(/\/source-serif-4-latin-700-normal-[\w-]+\.woff2$/)]);
  });

  test("page titles have one size; message pages (404, SPEC §8 post messages) share one centred layout", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const headingOf = async (path: string) => {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toBeVisible();
      return h1.evaluate((h) => {
        const s = getComputedStyle(h);
        const box = h.getBoundingClientRect();
        return {
          size: s.fontSize,
          family: s.fontFamily,
          align: s.textAlign,
          centre: Math.round(box.left + box.width / 2),
        };
      });
    };
    const list = await headingOf("/his-blog");
    const tag = await headingOf("/tags/nothing-here");
    const login = await headingOf("/login");
    expect(tag.size).toBe(list.size);
    expect(login.size).toBe(list.size);
    const messages = [
      await headingOf("/no-such-page"),
      await headingOf("/post"),
      await headingOf("/post/unknown"),
    ];
    for (const message of messages) {
      expect(message).toEqual({ ...list, align: "center", centre: 640 });
    }
  });

  for (const theme of THEMES) {
    test(`text fields have borders at 3:1 or more against their surroundings (${theme})`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      for (const path of ["/login", "/contact", "/register"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        const fields = await borderContrasts(page);
        expect(fields.length, `${path} has text fields`).toBeGreaterThan(1);
        for (const field of fields) {
          expect(field.inside, `${path} ${field.name} border against its fill`).toBeGreaterThanOrEqual(3);
          expect(field.outside, `${path} ${field.name} border against the card`).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }
});
