// Save draft, autosave, closing the tab loses nothing, Preview and Schedule from /admin.
import type { Page } from "@playwright/test";
import { unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

async function write(page: Page, title: string, text: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await visual(page).click();
  await page.keyboard.type(text);
}

test.describe("drafts from /admin", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test.beforeEach(async ({ context, server }) => {
    await signIn(context, server, HIM_EMAIL);
  });

  test("save a draft, close the page, come back, publish", async ({ context, browser, server }) => {
    let page = await context.newPage();
    await page.goto("/admin");
    const title = unique("Draft to finish");
    await write(page, title, "Half a thought");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeFocused();
    const previewHref = await page.getByRole("link", { name: "Preview", exact: true }).getAttribute("href");
    const draftId = previewHref!.split("/").pop()!;

    // A draft is its author's only.
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    expect((await visitor.request.get(`/api/posts/${draftId}`)).status()).toBe(404);
    await visitor.close();

    await page.close();
    page = await context.newPage();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Continue your unfinished post?" })).toBeFocused();
    await expect(
      page.getByRole("region", { name: "Continue your unfinished post?" }).getByText(title),
    ).toBeVisible();
    await page.getByRole("button", { name: "Continue writing" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(visual(page)).toContainText("Half a thought");
    await visual(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(", now whole.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    // The draft itself was published: one post, not two.
    await expect(page.getByRole("link", { name: "View post", exact: true })).toHaveAttribute(
      "href",
      `/post/${draftId}`,
    );
    await page.goto("/his-blog");
    await expect(page.getByRole("link", { name: title })).toHaveCount(1);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Continue your unfinished post?" })).toHaveCount(0);
  });

  test("autosave every few seconds and when the tab closes; Preview opens the draft as readers will see it", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto("/admin");
    const title = unique("Autosaved");
    await write(page, title, "Saved without asking");
    await expect(page.getByText(/Draft saved at/)).toBeVisible({ timeout: 15_000 });

    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Preview", exact: true }).click(),
    ]);
    // The preview lands at the draft's slug address (docs/decisions/0033-post-addresses.md).
    await expect(preview).toHaveURL(/\/post\/autosaved-[^/]+$/);
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // The preview offers nothing a reader does with a public post.
    await expect(preview.getByRole("note")).toHaveText("Preview of a draft: only you can see it.");
    for (const gone of [
      preview.locator(".like-button"),
      preview.getByText("Share on X"),
      preview.getByRole("heading", { name: "Follow by email" }),
      preview.getByRole("heading", { name: "Comments" }),
      preview.getByRole("textbox", { name: /comment/i }),
    ])
      await expect(gone).toHaveCount(0);
    // The preview lands at the draft's slug address; the API names it by id.
    const draftAddress = preview.url().split("/").pop()!;
    const draftId = (
      (await (await preview.request.get(`/api/posts/by-slug/${draftAddress}`)).json()) as { id: string }
    ).id;
    await preview.close();

    // Typed just before the tab closes: saved on the way out.
    await visual(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" and the last words");
    await page.close();
    await expect
      .poll(
        async () =>
          ((await (await context.request.get(`/api/posts/${draftId}`)).json()) as { content: string })
            .content,
        {
          timeout: 10_000,
        },
      )
      .toContain("and the last words");

    const again = await context.newPage();
    await again.goto("/admin");
    await again.getByRole("button", { name: "Start a new post" }).click();
    await expect(again.getByLabel("Title", { exact: true })).toHaveValue("");
    await again.reload();
    await expect(again.getByRole("heading", { name: "Continue your unfinished post?" })).toHaveCount(0);
  });

  test("Schedule needs a time in the future, then keeps the post for its time", async ({ context }) => {
    const page = await context.newPage();
    await page.goto("/admin");
    const title = unique("Later");
    await write(page, title, "Not yet");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose the date and time to publish at.");
    const local = (d: Date) =>
      new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel("Publish at").fill(local(new Date(Date.now() - 3_600_000)));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("The publish time must be in the future.");
    await page.getByLabel("Publish at").fill(local(new Date(Date.now() + 3_600_000)));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post scheduled for" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("Publish with a future 'Publish at' schedules; after publishing no 'Draft saved at' and no 'Updated'", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto("/admin");
    const local = (d: Date) =>
      new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    const later = unique("Publish later");
    await write(page, later, "For the morning");
    await page.getByLabel("Publish at").fill(local(new Date(Date.now() + 86_400_000)));
    await expect(page.getByText("Publish will schedule the post for this time.")).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post scheduled for" })).toBeVisible();
    const laterId = (await page.getByRole("link", { name: "Preview", exact: true }).getAttribute("href"))!
      .split("/")
      .pop()!;
    const scheduled = await (await context.request.get(`/api/posts/${laterId}`)).json();
    expect(scheduled.status).toBe("scheduled");

    // An autosave, then Publish: the success message stands alone, and the post is not "Updated".
    await page.getByLabel("Publish at").fill("");
    const now = unique("Published now");
    await write(page, now, "Straight out");
    await expect(page.getByText(/Draft saved at/)).toBeVisible({ timeout: 15_000 });
    await visual(page).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" today");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Draft saved at/)).toHaveCount(0);
    const id = (await page.getByRole("link", { name: "View post", exact: true }).getAttribute("href"))!
      .split("/")
      .pop()!;
    const post = await (await context.request.get(`/api/posts/${id}`)).json();
    expect(post.lastUpdated).toBeNull();
    expect(post.content).toContain("Straight out today");
  });

  test("a draft edited in place stays a draft on save, and 'Publish now' publishes it", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto("/admin");
    const title = unique("Draft edited");
    await write(page, title, "First version");
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page.getByRole("link", { name: "Preview", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByText("A draft: only you can see it.")).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(`${title} v2`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Edit post" })).toBeVisible();
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
    await expect(page.getByRole("link", { name: `${title} v2` })).toHaveCount(1);
  });
});
