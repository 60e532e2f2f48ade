// Notes in the margin (docs/writing-together.md): she leaves a note on a word of a draft page, he
// sees it in his panel and replies, text he types before the word keeps "Show" on that word, and
// she resolves it. Two browsers, one shared page.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";
import { authorClient } from "./reader-helpers";
import { expectNoViolations, slugOf, words } from "./writing-together-helpers";

const TEXT = "Start. A quiet harbour town.";
const WORD = "harbour";

const field = (p: Page) =>
  p.getByRole("form", { name: "Edit Our plans" }).getByRole("textbox", { name: "Content" });
const panel = (p: Page) => p.locator(".notes-panel");
const selection = (p: Page) => p.evaluate(() => window.getSelection()?.toString() ?? "");

/** Select `word` in the first paragraph, as a mouse drag would (ProseMirror reads the DOM selection). */
async function select(page: Page, word: string, on = field) {
  await on(page).getByText(TEXT.slice(0, 6)).click();
  await page.evaluate((w) => {
    const p = document.querySelector(".visual-editor-surface p");
    const walker = document.createTreeWalker(p as Node, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent?.indexOf(w) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + w.length);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      return;
    }
    throw new Error(`${w} not found`);
  }, word);
  await expect.poll(() => selection(page)).toBe(word);
}

test.describe("notes in the margin", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
  });

  test("a note on a word: left by her, answered by him, followed through his edit, resolved", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    const slug = slugOf("notes");
    await signIn(context, server, HIM_EMAIL);
    const made = await context.request.post(`${server.baseURL}/api/pages`, {
      data: {
        slug,
        title: "Our plans",
        content: `<p>${TEXT}</p>`,
        images: [],
        published: false,
        placement: "none",
        position: 0,
      },
      headers: { origin: server.baseURL },
    });
    expect(made.status(), await made.text()).toBe(201);
    const him = await context.newPage();
    const herContext = await browser.newContext({ baseURL: server.baseURL });
    await signIn(herContext, server, HER_EMAIL);
    const her = await herContext.newPage();
    for (const p of [him, her]) {
      await p.goto(`/admin/pages?page=${slug}`);
      await expect(p.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
      await expect(field(p)).toContainText(TEXT);
    }

    // Nothing selected: the button says why instead of opening.
    const add = panel(her).getByRole("button", { name: "Add a note" });
    await expect(add).toHaveAttribute("aria-disabled", "true");

    // She selects the word and leaves a note, by keyboard from the button on.
    await select(her, WORD);
    await expect(add).not.toHaveAttribute("aria-disabled", "true");
    await add.click();
    const noteField = panel(her).getByRole("textbox", { name: "Your note on the selected words" });
    await expect(noteField).toBeFocused();
    await noteField.fill("Is this the right word?");
    // Escape closes the form; opening it again starts from the selection once more.
    await her.keyboard.press("Escape");
    await expect(noteField).toHaveCount(0);
    await expect(add).toBeFocused();
    await add.press("Enter");
    await noteField.fill("Is this the right word?");
    await panel(her).getByRole("button", { name: "Save note" }).click();
    await expect(panel(her).getByRole("status")).toHaveText("Note added.");
    await expect(add).toBeFocused();
    const herNote = panel(her).getByRole("list", { name: "Open notes" }).getByRole("listitem").first();
    await expect(herNote).toContainText(WORD);

    // He sees it (told over the shared document's awareness), with her name, and replies.
    const hisNote = panel(him).getByRole("list", { name: "Open notes" }).getByRole("listitem").first();
    await expect(hisNote).toContainText("Is this the right word?", { timeout: 15_000 });
    await expect(hisNote.locator(".note-quote")).toHaveText(WORD);
    await expect(hisNote.locator(".note-meta").first()).toContainText("Her");
    // Not his note: no Delete.
    await expect(hisNote.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await hisNote.getByRole("button", { name: "Reply" }).click();
    const reply = hisNote.getByRole("textbox", { name: "Your reply" });
    await expect(reply).toBeFocused();
    await reply.fill("Maybe port?");
    await reply.press("Control+Enter");
    await expect(panel(him).getByRole("status")).toHaveText("Reply added.");
    await expect(herNote.getByRole("list", { name: "Replies (1)" })).toContainText("Maybe port?", {
      timeout: 15_000,
    });

    // He types before the word; her "Show" still selects the same word.
    await field(him).getByText(TEXT.slice(0, 6)).click();
    await him.keyboard.press("Home");
    await him.keyboard.type("Early. ");
    await expect.poll(() => words(her)).toBe(`Early. ${TEXT}`);
    await herNote.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => selection(her)).toBe(WORD);
    await expect(panel(her).getByRole("status")).toHaveText("The note's words are selected in the editor.");
    await hisNote.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => selection(him)).toBe(WORD);

    await expectNoViolations(her);

    // The studio's Posts view lists it among the open notes, with a link to the page's editor.
    const studio = await context.newPage();
    await studio.goto("/admin/posts");
    const open = studio.getByRole("region", { name: "Open notes (1)" });
    await expect(open).toContainText("Is this the right word?");
    await expect(open.getByRole("link", { name: "Our plans" })).toHaveAttribute(
      "href",
      `/admin/pages?page=${encodeURIComponent(slug)}`,
    );
    // A tap target on a phone (44 px tall).
    expect(
      (await open.getByRole("link", { name: "Our plans" }).boundingBox())!.height,
    ).toBeGreaterThanOrEqual(44);
    await expectNoViolations(studio);

    // She resolves it: it folds under "Resolved (1)", and he sees that too.
    await herNote.getByRole("button", { name: "Resolve" }).click();
    await expect(panel(her).getByRole("status")).toHaveText("Note resolved.");
    await expect(panel(her).getByText("Resolved (1)")).toBeVisible();
    await expect(panel(her).getByRole("list", { name: "Open notes" })).toHaveCount(0);
    await expect(panel(him).getByText("Resolved (1)")).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(her);
    await studio.reload();
    await expect(studio.getByRole("heading", { name: "Posts", level: 1 })).toBeVisible();
    await expect(studio.getByRole("region", { name: /Open notes/ })).toHaveCount(0);
    await herContext.close();
  });

  test("on a draft post the panel is in the side panel; its writer deletes the note after confirming", async ({
    context,
    server,
  }) => {
    test.setTimeout(90_000);
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({
      title: unique("Notes on a draft"),
      content: `<p>${TEXT}</p>`,
      status: "draft",
    });
    await signIn(context, server, HIM_EMAIL);
    const page = await context.newPage();
    await page.goto(`/post/${post.slug}?edit=1`);
    await expect(page.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
    const postField = (p: Page) => p.getByRole("textbox", { name: "Content" });
    await expect(postField(page)).toContainText(TEXT);
    const side = page.getByRole("complementary", { name: "Post settings" });
    await expect(side.getByRole("region", { name: /^Notes/ })).toBeVisible();

    await select(page, WORD, postField);
    await side.getByRole("button", { name: "Add a note" }).click();
    await side.getByRole("textbox", { name: "Your note on the selected words" }).fill("Check the spelling.");
    await side.getByRole("button", { name: "Save note" }).click();
    await expect(panel(page).getByRole("status")).toHaveText("Note added.");
    await expect(side.getByRole("heading", { name: "Notes (1 open)" })).toBeVisible();
    await expectNoViolations(page);

    page.once("dialog", (dialog) => void dialog.accept());
    await side.getByRole("button", { name: "Delete" }).click();
    await expect(panel(page).getByRole("status")).toHaveText("Note deleted.");
    await expect(side.getByText("No open notes.")).toBeVisible();
    const left = await context.request.get(`${server.baseURL}/api/notes?kind=posts&id=${post.id}`);
    expect(await left.json()).toEqual([]);
  });
});
