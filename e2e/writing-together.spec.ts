// Writing together (docs/writing-together.md): two people in one draft, typing in the same
// paragraph at once, in two browsers. Both end with every character of both, in each one's
// order, and each sees the other's caret with their name.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

const FIRST = "abcdefghijklmnopqrst";
const SECOND = "ABCDEFGHIJKLMNOPQRST";
const START = "Start.";

const slugOf = (text: string) =>
  unique(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");

/** A draft page (not published): both authors' to write. */
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

/** Open an editor at `url`, wait for the shared document, and put the caret after the paragraph's text. */
async function openAtEnd(page: Page, url: string, field: (p: Page) => Locator) {
  await page.goto(url);
  await expect(page.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
  await expect(field(page)).toContainText(START);
  await field(page).getByText(START).click();
  await page.keyboard.press("End");
}

/** The first paragraph's text, without the partner's caret (drawn inside it, with its name). */
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

/** axe-core finds nothing (the carets, their names and the presence list included). */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Both type at once, a key every 40 ms; both converge, and every character of both is there. */
async function typeTogether(one: Page, two: Page): Promise<string> {
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

test.describe("writing together", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
  });

  test("both authors typing in the same paragraph of a draft at once converge with every character", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(90_000);
    const slug = slugOf("plans");
    await signIn(context, server, HIM_EMAIL);
    await draftPage(context, server.baseURL, slug);
    const him = await context.newPage();
    const herContext = await browser.newContext({ baseURL: server.baseURL });
    // One in each theme: the colours hold in both.
    await herContext.addInitScript(() => {
      // about:blank has no storage of its own.
      if (location.protocol.startsWith("http")) localStorage.setItem("duet-theme", "light");
    });
    await signIn(herContext, server, HER_EMAIL);
    const her = await herContext.newPage();
    const field = (p: Page) =>
      p.getByRole("form", { name: "Edit Our plans" }).getByRole("textbox", { name: "Content" });
    await openAtEnd(him, `/admin/pages?page=${slug}`, field);
    await openAtEnd(her, `/admin/pages?page=${slug}`, field);

    // Who is in the document: a labelled list on each side.
    const people = (p: Page) => p.getByRole("list", { name: "In this document" }).getByRole("listitem");
    await expect(people(him)).toHaveText(["Him (you)", "Her"]);
    await expect(people(her)).toHaveText(["Her (you)", "Him"]);

    const merged = await typeTogether(him, her);

    // Each sees the other's caret, with the other's name.
    await expect(him.locator(".collab-caret", { hasText: "Her" })).toBeVisible();
    await expect(her.locator(".collab-caret", { hasText: "Him" })).toBeVisible();
    await expect(her.locator("html")).toHaveAttribute("data-theme", "light");
    await expectNoViolations(him);
    await expectNoViolations(her);

    // Saved from one side: the stored page holds both, through the same sanitiser as any save.
    await her.getByRole("button", { name: "Save page" }).click();
    await expect(her.getByRole("link", { name: "New page" })).toBeVisible();
    const pages = (await (await context.request.get(`${server.baseURL}/api/pages`)).json()) as Array<{
      slug: string;
      content: string;
    }>;
    expect(pages.find((p) => p.slug === slug)?.content).toContain(merged);
    // The other side is still in the room (a save from the session does not reset it).
    await expect(him.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
    await herContext.close();
  });

  test("an author's draft post in two windows: typing at once converges, and autosave keeps the room", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(90_000);
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({
      title: unique("Two windows"),
      content: `<p>${START}</p>`,
      status: "draft",
    });
    await signIn(context, server, HIM_EMAIL);
    const other = await browser.newContext({ baseURL: server.baseURL });
    await signIn(other, server, HIM_EMAIL);
    const one = await context.newPage();
    const two = await other.newPage();
    const field = (p: Page) => p.getByRole("textbox", { name: "Content" });
    await openAtEnd(one, `/post/${post.slug}?edit=1`, field);
    await openAtEnd(two, `/post/${post.slug}?edit=1`, field);

    const merged = await typeTogether(one, two);
    await expect(one.locator(".collab-caret", { hasText: "Him" })).toBeVisible();

    // Both windows autosave the converged words; the draft holds them, and neither is reset.
    await expect
      .poll(
        async () =>
          (await (await context.request.get(`${server.baseURL}/api/posts/${post.id}`)).json()).content,
        {
          timeout: 20_000,
        },
      )
      .toContain(merged);
    await expect(one.getByText("This was saved from outside")).toHaveCount(0);
    await expect(two.getByText("This was saved from outside")).toHaveCount(0);
    await other.close();
  });
});

test.describe("writing together, saved from elsewhere", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("a save from outside the session reloads the draft, says so, and the room goes on", async ({
    page,
    context,
    server,
  }) => {
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({
      title: unique("Elsewhere"),
      content: `<p>${START}</p>`,
      status: "draft",
    });
    await signIn(context, server, HIM_EMAIL);
    const field = (p: Page) => p.getByRole("textbox", { name: "Content" });
    await openAtEnd(page, `/post/${post.slug}?edit=1`, field);
    // Another tool saves the draft (no x-duet-collab): the server resets the live document.
    await author.edit(post.id, { content: "<p>Rewritten by the API.</p>" });
    await expect(page.getByText("This was saved from outside this shared session")).toBeVisible();
    await expect(field(page)).toHaveText("Rewritten by the API.");
    await expect(page.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
    await field(page).getByText("Rewritten by the API.").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" And more.");
    await expect(field(page)).toHaveText("Rewritten by the API. And more.");
  });
});

test.describe("writing together, offline", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("a window that loses its connection keeps editing and merges when it is back", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(60_000);
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({
      title: unique("Offline"),
      content: `<p>${START}</p>`,
      status: "draft",
    });
    await signIn(context, server, HIM_EMAIL);
    const other = await browser.newContext({ baseURL: server.baseURL });
    await signIn(other, server, HIM_EMAIL);
    const one = await context.newPage();
    const two = await other.newPage();
    // The second window's socket goes through the test: cut, it is closed and refused.
    let cut = false;
    const open: Array<{ close: () => Promise<void> }> = [];
    await two.routeWebSocket(/\/api\/collab\//, (ws) => {
      if (cut) return void ws.close({ code: 3000, reason: "offline" });
      ws.connectToServer();
      open.push(ws);
    });
    const field = (p: Page) => p.getByRole("textbox", { name: "Content" });
    await openAtEnd(one, `/post/${post.slug}?edit=1`, field);
    await openAtEnd(two, `/post/${post.slug}?edit=1`, field);

    cut = true;
    for (const ws of open.splice(0)) await ws.close();
    await expect(two.getByRole("status").filter({ hasText: "Offline:" })).toBeVisible();
    await two.keyboard.type(" Written offline.");
    await one.keyboard.type(" Written online.");
    await expect(field(one)).not.toContainText("offline");

    cut = false;
    await expect(two.getByRole("status").filter({ hasText: "Live:" })).toBeVisible({ timeout: 10_000 });
    for (const page of [one, two]) {
      await expect(field(page)).toContainText("Written offline.");
      await expect(field(page)).toContainText("Written online.");
    }
    expect(await words(one)).toBe(await words(two));
    await other.close();
  });
});

test.describe("writing together, the HTML view", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("the HTML view's edits reach the partner, and the partner's reach the HTML view", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(60_000);
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({
      title: unique("HTML view"),
      content: `<p>${START}</p>`,
      status: "draft",
    });
    await signIn(context, server, HIM_EMAIL);
    const other = await browser.newContext({ baseURL: server.baseURL });
    await signIn(other, server, HIM_EMAIL);
    const one = await context.newPage();
    const two = await other.newPage();
    const visual = (p: Page) => p.getByRole("textbox", { name: "Content" });
    await openAtEnd(one, `/post/${post.slug}?edit=1`, visual);
    await openAtEnd(two, `/post/${post.slug}?edit=1`, visual);

    await one.getByRole("button", { name: "HTML", exact: true }).click();
    // The visual editor stays behind it, hidden: the one Content textbox on screen is the HTML view.
    const html = one.getByRole("textbox", { name: "Content" });
    await expect(html).toHaveValue(START);
    await html.press("End");
    await html.pressSequentially("\n\n<h2>From the HTML view</h2>");
    await expect(two.getByRole("heading", { level: 2, name: "From the HTML view" })).toBeVisible();

    await two.keyboard.type(" Typed in the visual view.");
    await expect(html).toHaveValue(`${START} Typed in the visual view.\n\n<h2>From the HTML view</h2>`);
    await one.getByRole("button", { name: "Visual", exact: true }).click();
    await expect(visual(one)).toContainText("Typed in the visual view.");
    await other.close();
  });
});
