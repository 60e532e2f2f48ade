// Writing together (docs/writing-together.md): two people in one draft, typing in the same
// paragraph at once, in two browsers. Both end with every character of both, in each one's
// order, and each sees the other's caret with their name.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";
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
