import type { Page } from "@playwright/test";
import { pick, pngFile as png, unique } from "./authoring-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";

/** The HTML view (the SPEC's content text area); the visual editor is the default. */
async function htmlView(page: Page) {
  await page.getByRole("button", { name: "HTML", exact: true }).click();
  await expect(page.getByRole("button", { name: "HTML", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

/** Select a range of the content text area by the text it holds. */
async function selectInContent(page: Page, text: string) {
  await page.getByLabel("Content", { exact: true }).evaluate((el, t) => {
    const area = el as HTMLTextAreaElement;
    const start = area.value.indexOf(t);
    area.focus();
    area.setSelectionRange(start, start + t.length);
  }, text);
}

async function cursorAtEnd(page: Page) {
  await page.getByLabel("Content", { exact: true }).evaluate((el) => {
    const area = el as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  });
}

/** Publish a plain post through the form; returns its title. */
async function publishSimple(page: Page, title: string) {
  await page.goto("/admin");
  await htmlView(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content", { exact: true }).fill("<p>Plain words.</p>");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Blog post published successfully!")).toBeVisible();
}

async function openPost(page: Page, blog: string, title: string) {
  await page.goto(blog);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test.describe("authoring", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    await accounts.ensure("user");
  });

  test("publish a post with two uploaded images placed, sized, paired and a chosen thumbnail; edit it; delete it", async ({
    page,
    context,
    server,
  }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
    await htmlView(page);
    const title = unique("Two photos by the sea");

    await page.getByLabel("Title", { exact: true }).fill(title);
    // The author chooser shows both values; an author publishes only as themself.
    const author = page.getByRole("form", { name: "New post" }).getByLabel("Author");
    await expect(author).toHaveValue("him");
    await expect(author.locator('option[value="her"]')).toBeDisabled();
    await expect(page.getByText("3 to 5 hashtags are recommended")).toBeVisible();
    await page.getByLabel("Hashtags").fill("Sea Walk, Summer!, #beach, ,");
    const content = page.getByLabel("Content", { exact: true });
    await expect(content).toHaveAttribute("rows", "10");
    await content.fill("<p>Intro words here</p>\n");

    // Styling with no selection: SPEC §5 alert with the style's name.
    await cursorAtEnd(page);
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await pick(page, "Font", "Georgia");
    await pick(page, "Colour", "navy");
    expect(alerts).toEqual([
      "Please select some text before applying font",
      "Please select some text before applying colour",
    ]);

    // Styling the selected text: toolbar tags and §9 spans.
    await selectInContent(page, "Intro");
    await page.getByRole("button", { name: "Bold" }).click();
    await selectInContent(page, "words");
    await pick(page, "Font", "Times New Roman");
    await selectInContent(page, "here");
    await pick(page, "Size", "14pt");
    await expect(content).toHaveValue(
      '<p><strong>Intro</strong> <span style="font-family: Times New Roman">words</span> <span style="font-size: 14pt">here</span></p>\n',
    );

    // Two images picked at once: previews, the first is the thumbnail by default.
    await cursorAtEnd(page);
    await page
      .getByLabel("Add images")
      .setInputFiles([
        await png("sea-left.png", 900, 600, "#3a6ea5"),
        await png("sea-right.png", 700, 500, "#a53a6e"),
      ]);
    const entries = page.locator(".image-entry");
    await expect(entries).toHaveCount(2);
    await expect(page.getByRole("img", { name: /Preview 1: sea-left.png/ })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Thumbnail" }).first()).toBeChecked();

    // Place, size, pair (symmetric) and choose the second as thumbnail.
    await page.getByLabel("Position (image 1)").selectOption("left");
    await page.getByLabel("Size (image 2)").selectOption("large");
    await page.getByLabel("Pair with (image 1)").selectOption({ label: "Image 2" });
    await expect(page.getByLabel("Pair with (image 2)")).toHaveValue(
      (await entries.nth(0).getAttribute("data-image-id"))!,
    );
    await page.getByRole("radio", { name: "Thumbnail" }).nth(1).check();
    const idA = (await entries.nth(0).getAttribute("data-image-id"))!;
    const idB = (await entries.nth(1).getAttribute("data-image-id"))!;
    await cursorAtEnd(page);
    await page.getByRole("button", { name: "Insert at cursor (image 1)" }).click();
    await expect(content).toHaveValue(new RegExp(`\\[PAIRED:${idA}:${idB}\\]$`));

    // The Preview mode shows the post as readers will see it (instead of the editor).
    await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("textbox", { name: "Content" })).toBeHidden();
    const preview = page.getByTestId("editor-preview");
    await expect(preview).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("Intro");
    await expect(preview.locator(".image-pair img")).toHaveCount(2);
    await expect(preview.locator(`img[data-image-id="${idA}"]`)).toHaveClass(/post-image--left/);
    await page.getByRole("tab", { name: "Edit" }).click();

    // Publish: busy label, then the message; the form clears but keeps the author.
    await page.route(/\/api\/posts(\/[^/]+)?$/, async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Publishing..." })).toBeDisabled();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    // A delayed request still in the handler (a refetch) finishes before the handler goes.
    await page.unrouteAll({ behavior: "wait" });
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(content).toHaveValue("");
    await expect(entries).toHaveCount(0);
    await expect(author).toHaveValue("him");

    // The card: thumbnail is the chosen (second) image.
    await page.goto("/his-blog");
    const card = page.locator(".post-card", { has: page.getByRole("link", { name: title }) });
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/blog-images\/\d+_searight\.png$/);
    await expect(card).toContainText("Intro words here");

    // The post page: the pair block with both images, placed and sized, using the WebP variants.
    await card.getByRole("link", { name: title }).click();
    const article = page.getByRole("article");
    const pair = article.locator(`.image-pair[data-pair="${idA} ${idB}"]`);
    await expect(pair.locator("img")).toHaveCount(2);
    const first = pair.locator(`img[data-image-id="${idA}"]`);
    await expect(first).toHaveClass("post-image post-image--left post-image--medium");
    await expect(first).toHaveAttribute("srcset", /_sealeft\.png\.480w\.webp 480w/);
    await expect(pair.locator(`img[data-image-id="${idB}"]`)).toHaveClass(/post-image--large/);
    await expect(article.locator('span[style*="Times New Roman"]')).toHaveText("words");
    await expect(article.getByRole("link", { name: "#sea walk" })).toBeVisible();
    await expect(article.getByRole("link", { name: "#beach" })).toBeVisible();

    // Edit: inline mode, the markers come back, the images as uploaded entries.
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit post" })).toBeFocused();
    await expect(content).toHaveValue(new RegExp(`\\[PAIRED:${idA}:${idB}\\]`));
    await expect(content).not.toHaveValue(/<img/);
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).not.toContainText("not uploaded yet");
    await expect(page.getByRole("radio", { name: "Thumbnail" }).nth(1)).toBeChecked();
    await expect(page.getByLabel("Hashtags")).toHaveValue("sea walk, summer, beach");
    await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
    // SPEC §5 edit rule: hyphens kept, spaces and other characters stripped.
    await page.getByLabel("Hashtags").fill("sea-walk, Summer Time!, beach");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
    await page.getByRole("link", { name: `${title} (edited)` }).click();
    await expect(article.getByRole("link", { name: "#summertime" })).toBeVisible();
    await expect(article).toContainText("Updated");
    await expect(article.locator(`.image-pair[data-pair="${idA} ${idB}"] img`)).toHaveCount(2);

    // Delete: a real dialog; Cancel keeps the post and gives focus back.
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are you sure you want to delete this post?");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Delete" })).toBeFocused();
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Yes, Delete" }).click();
    await expect(page).toHaveURL(/\/his-blog$/);
    await expect(page.getByRole("link", { name: `${title} (edited)` })).toHaveCount(0);
  });

  test("edit and delete show only to the post's author", async ({
    page,
    context,
    server,
    browser,
    accounts,
  }) => {
    const reader = await accounts.ensure("user");
    await signIn(context, server, HIM_EMAIL);
    const title = unique("Only mine");
    await publishSimple(page, title);

    await openPost(page, "/his-blog", title);
    await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
    const url = page.url();

    for (const who of [HER_EMAIL, reader.email, null]) {
      const other = await browser.newContext({ baseURL: server.baseURL });
      if (who) await signIn(other, server, who);
      const p = await other.newPage();
      await p.goto(url);
      await expect(p.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(p.getByRole("button", { name: "Edit" })).toHaveCount(0);
      await expect(p.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await other.close();
    }
  });

  test("failure messages: publish, update, a post gone while editing, delete", async ({
    consoleGuard,
    page,
    context,
    server,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: the server responded with a status of 500/,
      "the test answers publish, update and delete with a 500 to show SPEC §8's failure texts",
    );
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await htmlView(page);
    await page.getByLabel("Title", { exact: true }).fill("Will fail");
    await page.getByLabel("Content", { exact: true }).fill("<p>x</p>");
    // Publishing creates the post, or publishes the draft autosave made of it.
    await page.route(/\/api\/posts(\/[^/]+)?$/, (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x" } } }),
    );
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Failed to publish blog post. Please try again.")).toBeVisible();
    // Nothing lost: the input is still there.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Will fail");
    await page.unroute(/\/api\/posts(\/[^/]+)?$/);

    const title = unique("Failing edits");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible();
    await openPost(page, "/his-blog", title);
    const postUrl = page.url();
    // The page is at the post's slug address; the API names it by id.
    const id = (
      (await (await page.request.get(`/api/posts/by-slug/${postUrl.split("/").pop()}`)).json()) as {
        id: string;
      }
    ).id;

    await page.getByRole("button", { name: "Edit" }).click();
    await page.route(`**/api/posts/${id}`, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Failed to update blog post. Please try again.")).toBeVisible();
    await page.unroute(`**/api/posts/${id}`);
    await page.route(`**/api/posts/${id}`, (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 404, json: { error: { code: "NOT_FOUND", message: "Post not found" } } })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Post not found" })).toBeVisible();
    await page.unroute(`**/api/posts/${id}`);
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.route(`**/api/posts/${id}`, (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, Delete" }).click();
    await expect(page.getByText("Failed to delete post. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(postUrl);
  });

  test("editor controls: every toolbar style, the §9 lists, move and remove images, 'Saving...'", async ({
    page,
    context,
    server,
  }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await htmlView(page);
    // Title and content are required: nothing is sent without them.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Title and content are required.");

    // SPEC §9: 12 fonts, 16 sizes (pt) and 20 colours.
    const options = async (picker: string) => {
      await page.getByRole("button", { name: picker, exact: true }).click();
      const list = page.getByRole("listbox", { name: picker }).getByRole("option");
      return list;
    };
    await expect(await options("Font")).toHaveCount(12);
    await page.keyboard.press("Escape");
    const sizes = await options("Size");
    await expect(sizes).toHaveCount(16);
    await expect(sizes.nth(15)).toHaveText("72pt");
    await page.keyboard.press("Escape");
    const colours = await options("Colour");
    await expect(colours).toHaveCount(20);
    await expect(colours.nth(14)).toHaveText("dark gray");
    await page.keyboard.press("Escape");
    const content = page.getByLabel("Content", { exact: true });
    await content.fill("");
    let alert = "";
    page.once("dialog", (d) => {
      alert = d.message();
      void d.accept();
    });
    await pick(page, "Size", "18pt");
    await expect.poll(() => alert).toBe("Please select some text before applying size");

    // The other six toolbar styles wrap the selected text in their tags.
    const styles: Array<[string, string]> = [
      ["Italic", "em"],
      ["Underline", "u"],
      ["H2, Heading 2", "h2"],
      ["H3, Heading 3", "h3"],
      ["Quote", "blockquote"],
    ];
    for (const [button, tag] of styles) {
      await content.fill("one two");
      await selectInContent(page, "two");
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(content).toHaveValue(`one <${tag}>two</${tag}>`);
    }
    await content.fill("apples\npears");
    await selectInContent(page, "apples\npears");
    await page.getByRole("button", { name: "Bullet list" }).click();
    await expect(content).toHaveValue("<ul>\n<li>apples</li>\n<li>pears</li>\n</ul>");

    // Three images: they go in at the cursor; move the second up, remove the thumbnail.
    await content.fill("Top");
    await cursorAtEnd(page);
    await page
      .getByLabel("Add images")
      .setInputFiles([
        await png("one.png", 40, 30, "#111111"),
        await png("two.png", 40, 30, "#222222"),
        await png("three.png", 40, 30, "#333333"),
      ]);
    const entries = page.locator(".image-entry");
    await expect(entries).toHaveCount(3);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => entries.nth(i).getAttribute("data-image-id")));
    await expect(content).toHaveValue(`Top\n[IMAGE:${a}]\n[IMAGE:${b}]\n[IMAGE:${c}]`);
    // An image taken out of the text cannot move; 'Insert at cursor' puts it back.
    await content.fill(`Top\n[IMAGE:${a}]\n[IMAGE:${b}]`);
    await expect(page.getByRole("button", { name: "Move up (image 3)" })).toBeDisabled();
    await page.getByRole("button", { name: "Move up (image 2)" }).click();
    await expect(content).toHaveValue(`Top\n[IMAGE:${b}]\n[IMAGE:${a}]`);
    await page.getByRole("button", { name: "Move down (image 2)" }).click();
    await expect(content).toHaveValue(`Top\n[IMAGE:${a}]\n[IMAGE:${b}]`);
    await expect(page.getByRole("radio", { name: "Thumbnail" }).first()).toBeChecked();
    await page.getByRole("button", { name: "Remove (image 1)" }).click();
    await expect(entries).toHaveCount(2);
    // Focus goes to the entry that took its place.
    await expect(page.getByRole("button", { name: "Remove (image 1)" })).toBeFocused();
    await expect(content).not.toHaveValue(new RegExp(`IMAGE:${a}`));
    await expect(content).toHaveValue(new RegExp(`\\[IMAGE:${b}\\]`));
    // Removing the thumbnail picks the first remaining image.
    await expect(entries.first()).toHaveAttribute("data-image-id", b!);
    await expect(page.getByRole("radio", { name: "Thumbnail" }).first()).toBeChecked();
    await expect(entries.nth(1)).toHaveAttribute("data-image-id", c!);

    // Editing: 'Saving...' while busy, then the message and the author's blog.
    const title = unique("Busy save");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await openPost(page, "/his-blog", title);
    await page.getByRole("button", { name: "Edit" }).click();
    await page.route("**/api/posts/*", async (route) => {
      if (route.request().method() === "PATCH") await new Promise((r) => setTimeout(r, 400));
      await route.fallback();
    });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
  });

  test("the preview sanitises in the browser, and leaving with unsaved changes asks first", async ({
    consoleGuard,
    page,
    context,
    server,
  }) => {
    consoleGuard.allow(
      /^Executing inline event handler violates the following Content Security Policy directive/,
      "DOMPurify parses the hostile handler while removing it and the CSP refuses it: the defence in depth this test is about",
    );
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await htmlView(page);
    await page
      .getByLabel("Content", { exact: true })
      .fill(
        '<p onclick="window.__pwned=1">Safe</p><img src="x" onerror="window.__pwned=2"><script>window.__pwned=3</script>' +
          '<a href="javascript:window.__pwned=4">link</a><span style="color: navy; position: fixed">styled</span>',
      );
    const preview = page.getByTestId("editor-preview");
    await expect(preview.locator("p")).toHaveText("Safe");
    const html = await preview.innerHTML();
    expect(html).not.toMatch(/onclick|onerror|script|javascript:|position/);
    expect(html).toContain('<span style="color: navy">styled</span>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole("link", { name: "His Blog" }).first().click();
    await expect.poll(() => asked).toBe("You have unsaved changes. Leave this page and lose them?");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("Back with unsaved changes asks first: staying keeps the text, leaving goes back", async ({
    page,
    context,
    server,
  }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/his-blog");
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog Admin" })).toBeVisible();
    const title = page.getByLabel("Title", { exact: true });
    await title.fill("Words I am still writing");

    const asked: string[] = [];
    page.on("dialog", (d) => {
      asked.push(d.message());
      void (asked.length === 1 ? d.dismiss() : d.accept());
    });
    await page.goBack();
    await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(title).toHaveValue("Words I am still writing");

    await page.goBack();
    await expect.poll(() => asked.length).toBe(2);
    await expect(page).toHaveURL(/\/his-blog$/);
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
  });
});
