// Writing together's browser tests (writing-together*.spec.ts): opening a shared editor, reading
// its text, two people typing at once.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect } from "./fixtures";

export const FIRST = "abcdefghijklmnopqrst";
export const SECOND = "ABCDEFGHIJKLMNOPQRST";
export const START = "Start.";

export const slugOf = (text: string) =>
  unique(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

/** A draft page (not published): both authors' to write. */
export async function draftPage(context: BrowserContext, baseURL: string, slug: string) {
  const res = await context.request.post(`${baseURL}/api/pages`, {
    data: {
      slug,
      title: "Our plans",
      content: `<p>${START}</p>`,
      images: [],
      published: false,
      placement: "none",
      position: 0,
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Open an editor at `url`, wait for the shared document, and put the caret after the paragraph's text. */
export async function openAtEnd(page: Page, url: string, field: (p: Page) => Locator) {
  await page.goto(url);
  await expect(page.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
  await expect(field(page)).toContainText(START);
  await field(page).getByText(START).click();
  await page.keyboard.press("End");
}

/** The first paragraph's text, without the partner's caret (drawn inside it, with its name). */
export const words = (page: Page) =>
  page
    .locator(".visual-editor-surface p")
    .first()
    .evaluate((el) =>
      Array.from(el.childNodes)
        .filter((n) => !(n instanceof HTMLElement && n.classList.contains("collab-caret")))
        .map((n) => n.textContent)
        .join(""),
    );

/** axe-core finds nothing (the carets, their names and the presence list included). */
export async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Both type at once, a key every 40 ms; both converge, and every character of both is there. */
export async function typeTogether(one: Page, two: Page): Promise<string> {
  await Promise.all([one.keyboard.type(FIRST, { delay: 40 }), two.keyboard.type(SECOND, { delay: 40 })]);
  const length = START.length + FIRST.length + SECOND.length;
  for (const page of [one, two]) await expect.poll(async () => (await words(page)).length).toBe(length);
  const merged = await words(one);
  expect(await words(two)).toBe(merged);
  expect(merged.startsWith(START)).toBe(true);
  // Character by character: each belongs to the next unmatched one of the first or the second.
  let a = 0;
  let b = 0;
  for (const ch of merged.slice(START.length)) {
    if (ch === FIRST[a]) a += 1;
    else if (ch === SECOND[b]) b += 1;
    else throw new Error(`unexpected ${JSON.stringify(ch)} in ${JSON.stringify(merged)}`);
  }
  expect([a, b]).toEqual([FIRST.length, SECOND.length]);
  return merged;
}
