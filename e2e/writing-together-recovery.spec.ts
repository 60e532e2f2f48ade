// Writing together when something happens (docs/writing-together.md): a save from elsewhere, a
// lost connection, the HTML view. Nothing typed is lost, and the author is told what happened.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";
import { authorClient } from "./reader-helpers";
import { openAtEnd, START, words } from "./writing-together-helpers";

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
