// Writing together (docs/writing-together.md): two people in one draft, typing in the same
// paragraph at once, in two browsers. Both end with every character of both, in each one's
// order, and each sees the other's caret with their name.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { createAccount, expect, HER_EMAIL, HIM_EMAIL, signIn, startServer, test } from "./fixtures";
import { authorClient } from "./reader-helpers";
import {
  draftPage,
  expectNoViolations,
  openAtEnd,
  START,
  slugOf,
  typeTogether,
} from "./writing-together-helpers";

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

// On a phone (360 px) with long names: the partner's caret label at a line's end, the presence
// list and the notes panel all stay inside the page, and the panel stacks under the editor.
// Its own server: the worker's authors are called Him and Her.
test("at 360 px a long name's caret stays inside the page, and the notes stack under the editor", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { server, stop } = await startServer();
  const long = (who: string) => `${who} Montgomery-Fitzgerald-Ravensworth`;
  const request = await playwright.request.newContext();
  await createAccount(request, server, { email: HIM_EMAIL, name: long("Bartholomew") });
  await createAccount(request, server, { email: HER_EMAIL, name: long("Maximiliana") });
  await request.dispose();
  const phone = { baseURL: server.baseURL, viewport: { width: 360, height: 740 }, hasTouch: true };
  const [himContext, herContext] = [await browser.newContext(phone), await browser.newContext(phone)];
  await signIn(himContext, server, HIM_EMAIL);
  await signIn(herContext, server, HER_EMAIL);
  const slug = slugOf("phone");
  await draftPage(himContext, server.baseURL, slug);
  const [him, her] = [await himContext.newPage(), await herContext.newPage()];
  const field = (p: Page) =>
    p.getByRole("form", { name: "Edit Our plans" }).getByRole("textbox", { name: "Content" });
  await openAtEnd(her, `/admin/pages?page=${slug}`, field);
  await openAtEnd(him, `/admin/pages?page=${slug}`, field);
  // His caret at the end of the first of several lines: at the editor's right edge.
  await him.keyboard.type(" A quiet harbour town with a long line of text that wraps twice over.");
  await him.keyboard.press("ControlOrMeta+Home");
  await him.keyboard.press("End");
  // Before the space the line wraps at (a caret after it is drawn at the next line's start).
  await him.keyboard.press("ArrowLeft");
  const caret = her.locator(".collab-caret", { hasText: "Bartholomew" });
  await expect(caret).toBeVisible();
  await expect
    .poll(async () => (await caret.boundingBox())?.x ?? 0, { message: "the caret is near the right edge" })
    .toBeGreaterThan(220);
  await expect(her.getByRole("list", { name: "In this document" })).toContainText(long("Bartholomew"));
  const width = () => her.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(360);
  // The notes panel comes after the editor, at the page's width, not beside it.
  const editor = (await field(her).boundingBox())!;
  const notes = (await her.locator(".notes-panel").boundingBox())!;
  expect(notes.y).toBeGreaterThanOrEqual(editor.y + editor.height);
  expect(editor.width).toBeGreaterThan(280);
  await expectNoViolations(her);
  await himContext.close();
  await herContext.close();
  await stop();
});
