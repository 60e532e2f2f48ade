// The post page's inline edit mode (SPEC §2), opened from the studio's list (?edit=1) or the Edit
// button. The console guard (fixtures.ts) fails any test here whose page logs an error.
import { unique } from "./engagement-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

test.describe("inline edit mode", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("/post/{slug}?edit=1 opens the editor without a server-rendering fallback", async ({
    page,
    context,
    server,
  }) => {
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({ title: unique("Opened for edit"), content: "<p>Words.</p>" });
    await signIn(context, server, HIM_EMAIL);
    await page.goto(`/post/${post.slug}?edit=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit post" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Words.");
    // A fresh load of the same address: the editor again, after hydration.
    await page.reload();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
  });

  test("a new address, then 'Save changes': SPEC's message, then the author's blog", async ({
    page,
    context,
    server,
  }) => {
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({ title: unique("Moving house"), content: "<p>Here.</p>" });
    await signIn(context, server, HIM_EMAIL);
    await page.goto(`/post/${post.slug}?edit=1`);
    const moved = `${post.slug}-moved`;
    await page.getByLabel("Address (optional)").fill(moved);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    // SPEC §4: the view goes to the author's blog after 1.5 seconds, not back into the form.
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
    await page.goto(`/post/${post.slug}`);
    await expect(page).toHaveURL(new RegExp(`/post/${moved}$`));
  });

  test("edit mode is the studio's canvas: side panel beside the text, 'Publish at', Schedule", async ({
    page,
    context,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({ title: unique("On the canvas"), content: "<p>Text.</p>" });
    await signIn(context, server, HIM_EMAIL);
    await page.goto(`/post/${post.slug}?edit=1`);
    const side = page.getByRole("complementary", { name: "Post settings" });
    const text = page.getByRole("textbox", { name: "Content" });
    await expect(text).toBeVisible();
    const sideBox = (await side.boundingBox())!;
    const textBox = (await text.boundingBox())!;
    // Beside the text, as on /admin, not under it in a narrow column.
    expect(sideBox.x).toBeGreaterThanOrEqual(textBox.x + textBox.width);
    expect(textBox.width).toBeGreaterThan(600);
    await expect(side.getByRole("button", { name: "Save changes" })).toBeVisible();
    await expect(side.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(side.getByRole("button", { name: "Schedule" })).toBeVisible();
    // The fields the old form stored are all there.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(post.title);
    for (const label of ["Excerpt (optional)", "Address (optional)", "Hashtags"])
      await expect(page.getByLabel(label)).toBeVisible();

    // A future 'Publish at', then 'Save changes': the post is scheduled, and the form says so.
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setSeconds(0, 0);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await side.getByLabel("Publish at").fill(local);
    await expect(side.getByText("Save changes will schedule the post for this time")).toBeVisible();
    await side.getByRole("button", { name: "Save changes" }).click();
    await expect(side.getByRole("status").filter({ hasText: "scheduled" })).toHaveText(
      `Post scheduled for ${at.toLocaleString("en-US")}.`,
    );
    const saved = await (await context.request.get(`/api/posts/${post.id}`)).json();
    expect(saved.status).toBe("scheduled");
    expect(new Date(saved.date).getTime()).toBe(at.getTime());
    // Now a post not yet public: 'Publish now' publishes it and returns to the blog (SPEC §4).
    await side.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
  });

  test("Schedule from a draft's edit mode; Cancel goes back to the post with focus on Edit", async ({
    page,
    context,
    server,
  }) => {
    const author = await authorClient(context.request, server, "him");
    const post = await author.publish({ title: unique("Later"), content: "<p>Soon.</p>", status: "draft" });
    await signIn(context, server, HIM_EMAIL);
    await page.goto(`/post/${post.slug}?edit=1`);
    const side = page.getByRole("complementary", { name: "Post settings" });
    await side.getByRole("button", { name: "Schedule" }).click();
    await expect(side.getByRole("alert")).toHaveText("Choose the date and time to publish at.");
    await side.getByLabel("Publish at").fill("2001-01-01T10:00");
    await side.getByRole("button", { name: "Schedule" }).click();
    await expect(side.getByRole("alert")).toHaveText("The publish time must be in the future.");
    const at = new Date(Date.now() + 86_400_000);
    at.setSeconds(0, 0);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await side.getByLabel("Publish at").fill(local);
    await side.getByRole("button", { name: "Schedule" }).click();
    await expect(side.getByRole("status").filter({ hasText: "Post scheduled for" })).toBeVisible();
    expect((await (await context.request.get(`/api/posts/${post.id}`)).json()).status).toBe("scheduled");
    await side.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();
  });
});
