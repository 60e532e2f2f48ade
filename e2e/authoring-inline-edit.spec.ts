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
});
