// Writing together (docs/writing-together.md): both authors in one draft, typing in the same
// paragraph at once, in two browsers. Both end with every character of both, in each one's
// order, and each sees the other's caret with their name.
import type { BrowserContext, Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";

const HIS = "abcdefghijklmnopqrst";
const HERS = "ABCDEFGHIJKLMNOPQRST";
const START = "Start: ";

/** A draft page (not published) both authors may open. */
async function draftPage(context: BrowserContext, baseURL: string, slug: string) {
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

const content = (page: Page) =>
  page.getByRole("form", { name: "Edit Our plans" }).getByRole("textbox", { name: "Content" });

/** Open the page's editor and put the caret at the end of its one paragraph. */
async function openAtEnd(page: Page, slug: string) {
  await page.goto(`/admin/pages?page=${slug}`);
  const field = content(page);
  await expect(field).toContainText(START.trim());
  await expect(page.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
  await field.getByText(START.trim()).click();
  await page.keyboard.press("End");
}

test.describe("writing together", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
  });

  test("two authors typing in the same paragraph at once converge with every character of both", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(90_000);
    const slug = unique("plans")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    await signIn(context, server, HIM_EMAIL);
    await draftPage(context, server.baseURL, slug);
    const him = await context.newPage();
    const herContext = await browser.newContext({ baseURL: server.baseURL });
    await signIn(herContext, server, HER_EMAIL);
    const her = await herContext.newPage();
    await openAtEnd(him, slug);
    await openAtEnd(her, slug);

    // Who is in the document: a labelled list on each side.
    await expect(him.getByRole("list", { name: "In this document" }).getByRole("listitem")).toHaveText([
      "Him (you)",
      "Her",
    ]);
    await expect(her.getByRole("list", { name: "In this document" }).getByRole("listitem")).toHaveText([
      "Her (you)",
      "Him",
    ]);

    // Both at once, a key every 40 ms, in the same paragraph.
    await Promise.all([him.keyboard.type(HIS, { delay: 40 }), her.keyboard.type(HERS, { delay: 40 })]);

    // Both converge to one text (the partner's caret, drawn inside it with its name, left out)…
    const expected = START.length + HIS.length + HERS.length;
    const words = (page: Page) =>
      page
        .locator(".visual-editor-surface p")
        .first()
        .evaluate((el) =>
          Array.from(el.childNodes)
            .filter((n) => !(n instanceof HTMLElement && n.classList.contains("collab-caret")))
            .map((n) => n.textContent)
            .join(""),
        );
    for (const page of [him, her]) await expect.poll(async () => (await words(page)).length).toBe(expected);
    const merged = await words(him);
    expect(await words(her)).toBe(merged);
    // …holding every character of both, each author's in the order typed: checked one by one.
    expect(merged.startsWith(START)).toBe(true);
    let h = 0;
    let s = 0;
    for (const ch of merged.slice(START.length)) {
      if (ch === HIS[h]) h += 1;
      else if (ch === HERS[s]) s += 1;
      else throw new Error(`unexpected character ${JSON.stringify(ch)} in ${JSON.stringify(merged)}`);
    }
    expect(h).toBe(HIS.length);
    expect(s).toBe(HERS.length);

    // Each sees the other's caret, with the other's name.
    await expect(him.locator(".collab-caret", { hasText: "Her" })).toBeVisible();
    await expect(her.locator(".collab-caret", { hasText: "Him" })).toBeVisible();

    // Saved from one side: the stored page holds both (the same sanitised HTML as any save).
    await her.getByRole("button", { name: "Save page" }).click();
    await expect(her.getByRole("region", { name: "Pages" })).toBeVisible();
    const pages = (await (await context.request.get(`${server.baseURL}/api/pages`)).json()) as Array<{
      slug: string;
      content: string;
    }>;
    expect(pages.find((p) => p.slug === slug)?.content).toContain(merged);
    await herContext.close();
  });
});
