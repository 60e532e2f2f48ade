// The visual editor's links and videos: Ctrl/Cmd+K with nothing selected asks for the address and
// the text (no browser alert), a full stop typed after a link stays outside it, and 'Embed' adds
// a YouTube or Vimeo video without knowing that a pasted link does it.
import { unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

test.describe("links and embeds in the visual editor", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test.beforeEach(async ({ page, context, server }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(visual(page)).toBeVisible();
  });

  test("Ctrl+K with nothing selected: address and text, a linked text; a full stop after it is not linked", async ({
    page,
    context,
  }) => {
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await page.getByLabel("Title", { exact: true }).fill(unique("Linked"));
    await visual(page).click();
    await page.keyboard.type("Read ");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Add a link" });
    await expect(dialog.getByLabel("Link address (URL)")).toBeFocused();
    await dialog.getByLabel("Link address (URL)").fill("example.com/guide");
    await dialog.getByLabel("Text to show").fill("our guide");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(visual(page)).toBeFocused();
    await page.keyboard.type(". Then go.");
    const link = visual(page).getByRole("link");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveText("our guide");
    await expect(link).toHaveAttribute("href", "https://example.com/guide");
    await expect(visual(page)).toContainText("Read our guide. Then go.");

    // An existing link's end: typing a full stop there does not join it either.
    await visual(page).press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Also ");
    await page.keyboard.press("Meta+k");
    const second = page.getByRole("dialog", { name: "Add a link" });
    await second.getByLabel("Link address (URL)").fill("https://example.org/");
    await second.getByRole("button", { name: "Save" }).click();
    await page.keyboard.type(".");
    await expect(visual(page).getByRole("link", { name: "https://example.org/", exact: true })).toHaveCount(
      1,
    );
    expect(alerts).toEqual([]);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    const href = await page.getByRole("link", { name: "View post", exact: true }).getAttribute("href");
    const post = await (await context.request.get(`/api/posts/${href!.split("/").pop()}`)).json();
    expect(post.content).toMatch(/<a href="https:\/\/example\.com\/guide"[^>]*>our guide<\/a>\. Then go\./);
    expect(post.content).toMatch(
      /<a href="https:\/\/example\.org\/"[^>]*>https:\/\/example\.org\/<\/a>\.<\/p>/,
    );
  });

  test("'Embed' adds a video from its address; a non-video address is explained", async ({
    page,
    context,
  }) => {
    await page.getByLabel("Title", { exact: true }).fill(unique("With a video"));
    await visual(page).click();
    await page.keyboard.type("Our trip in one minute:");
    await page.getByRole("button", { name: "Embed", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Embed a video" });
    const address = dialog.getByLabel("Video address (URL)");
    await expect(address).toBeFocused();
    await expect(dialog).toContainText("YouTube or Vimeo");
    await address.fill("https://example.com/not-a-video");
    await dialog.getByRole("button", { name: "Embed" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("This is not a YouTube or Vimeo video address.");
    await address.fill("https://youtu.be/dQw4w9WgXcQ");
    await dialog.getByRole("button", { name: "Embed" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(visual(page).locator('[data-embed="youtube:dQw4w9WgXcQ"]')).toHaveCount(1);

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    const href = await page.getByRole("link", { name: "View post", exact: true }).getAttribute("href");
    const post = await (await context.request.get(`/api/posts/${href!.split("/").pop()}`)).json();
    expect(post.content).toContain('data-embed="youtube:dQw4w9WgXcQ"');
  });
});
