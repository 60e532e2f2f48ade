// The visual editor, the HTML view one click away, writing without tags, images in the text.
import type { Page } from "@playwright/test";
import { pick, pngFile as png, unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

const htmlArea = (page: Page) => page.getByLabel("Content", { exact: true });
const view = (page: Page, name: "Visual" | "HTML") => page.getByRole("button", { name, exact: true }).click();

/** Select a word of the visual editor by double-clicking it. */
async function selectWord(page: Page, word: string) {
  await visual(page)
    .getByText(word, { exact: false })
    .first()
    .evaluate((el, w) => {
      const text =
        [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent?.includes(w)) ?? el.firstChild!;
      const start = text.textContent!.indexOf(w);
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + w.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
    }, word);
}

test.describe("the visual editor", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test.beforeEach(async ({ page, context, server }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(visual(page)).toBeVisible();
  });

  test("write with blank lines and see paragraphs, in both views and on the published page", async ({
    page,
  }) => {
    const title = unique("Paragraphs");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("First line");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("same paragraph");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second paragraph");
    // The HTML view's rule is hinted under the HTML view only.
    const hint = page.getByText("A blank line starts a new paragraph.");
    await expect(hint).toHaveCount(0);
    await view(page, "HTML");
    await expect(hint).toBeVisible();
    await expect(htmlArea(page)).toHaveAccessibleDescription("A blank line starts a new paragraph.");
    await expect(htmlArea(page)).toHaveValue("First line\nsame paragraph\n\nSecond paragraph");
    await expect(htmlArea(page)).toHaveAttribute("rows", "10");

    // The HTML view: a blank line starts a paragraph, a single break is kept.
    await htmlArea(page).fill("One\nstill one\n\nTwo\n\n\nThree");
    const preview = page.getByTestId("editor-preview");
    await expect(preview.locator("p")).toHaveCount(3);
    await expect(preview.locator("p").first()).toContainText("still one");
    await expect(preview.locator("p br")).toHaveCount(1);
    await view(page, "Visual");
    await expect(visual(page).locator("p")).toHaveCount(3);
    const previewed = await preview.innerHTML();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    // Focus lands on the message, whose link opens the new post.
    await expect(page.getByRole("status").filter({ hasText: "published" })).toBeFocused();
    await page.getByRole("link", { name: "View post", exact: true }).click();
    const article = page.getByRole("article");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(article.locator(".post-content > p")).toHaveCount(3);
    // What is published is what the preview showed.
    expect(await article.locator(".post-content").innerHTML()).toBe(previewed);
    await expect(article.locator(".post-content > p").first()).toHaveText("One\nstill one", {
      useInnerText: true,
    });
  });

  test("visual → HTML → visual keeps images, a pair, fonts and colours; the view is remembered", async ({
    page,
  }) => {
    await visual(page).click();
    await page.keyboard.type("Plain words here");
    await selectWord(page, "words");
    await pick(page, "Font", "Georgia");
    await selectWord(page, "words");
    await pick(page, "Colour", "navy");
    await selectWord(page, "here");
    await pick(page, "Size", "18pt");
    await selectWord(page, "Plain");
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(visual(page).locator("strong")).toHaveText("Plain");
    await expect(visual(page).locator('span[style*="Georgia"]')).toHaveText("words");

    // Picked images appear at the cursor at once, and are uploaded.
    await page.keyboard.press("End");
    await page
      .getByLabel("Add images")
      .setInputFiles([
        await png("wide.png", 900, 600, "#3a6ea5"),
        await png("tall.png", 300, 600, "#a53a6e"),
        await png("third.png", 400, 300, "#6ea53a"),
      ]);
    await expect(visual(page).locator("img")).toHaveCount(3);
    await expect(page.locator(".image-entry", { hasText: "not uploaded yet" })).toHaveCount(0);
    // Each thumbnail radio is named for its image; the first added is the thumbnail.
    await expect(page.getByRole("radio", { name: "Thumbnail (image 1: wide.png)" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Thumbnail (image 3: third.png)" })).not.toBeChecked();
    // The settings sit on the image in the text.
    await visual(page).locator("img").first().click();
    await page
      .getByRole("group", { name: "Image 1: wide.png" })
      .getByLabel("Pair with")
      .selectOption({ label: "Image 2: tall.png" });
    await expect(visual(page).locator(".image-pair img")).toHaveCount(2);
    // A pair is one row of equal height, each image keeping its ratio (3:2 and 1:2).
    // The preview is a mode of the canvas.
    await page.getByRole("tab", { name: "Preview" }).click();
    const pair = page.getByTestId("editor-preview").locator(".image-pair img");
    await expect(pair).toHaveCount(2);
    await expect(pair.nth(1)).toHaveJSProperty("complete", true);
    const [wide, tall] = [(await pair.nth(0).boundingBox())!, (await pair.nth(1).boundingBox())!];
    expect(Math.abs(wide.height - tall.height)).toBeLessThanOrEqual(1);
    expect(wide.y).toBeCloseTo(tall.y, 0);
    expect(wide.width / wide.height).toBeCloseTo(1.5, 1);
    expect(tall.width / tall.height).toBeCloseTo(0.5, 1);
    await page.getByRole("tab", { name: "Edit" }).click();

    await view(page, "HTML");
    const text = await htmlArea(page).inputValue();
    expect(text).toMatch(/\[PAIRED:img-\w+:img-\w+\]/);
    expect(text).toMatch(/\[IMAGE:img-\w+\]/);
    expect(text).toContain('<span style="font-family: Georgia; color: navy">words</span>');
    expect(text).toContain('<span style="font-size: 18pt">here</span>');
    await view(page, "Visual");
    await expect(visual(page).locator(".image-pair img")).toHaveCount(2);
    await view(page, "HTML");
    await expect(htmlArea(page)).toHaveValue(text);

    // The choice of view is remembered.
    await page.reload();
    await expect(page.getByRole("button", { name: "HTML", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(htmlArea(page)).toHaveValue("");
  });

  test("a picker moves with the arrow keys and applies only on Enter", async ({ page }) => {
    await visual(page).click();
    await page.keyboard.type("Colour me");
    await selectWord(page, "me");
    await page.getByRole("button", { name: "Colour", exact: true }).click();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(visual(page).locator("span[style]")).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(visual(page).locator('span[style*="color: red"]')).toHaveText("me");
  });

  test("a dropped image is uploaded and lands in the text; alt text and caption reach the page", async ({
    page,
  }) => {
    const title = unique("Dropped");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("Before the picture");
    const file = await png("dropped.png", 640, 480, "#123456");
    const transfer = await page.evaluateHandle(
      ({ bytes, name }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
        return dt;
      },
      { bytes: [...file.buffer], name: file.name },
    );
    const box = (await visual(page).boundingBox())!;
    await visual(page).dispatchEvent("drop", {
      dataTransfer: transfer,
      clientX: box.x + box.width / 2,
      clientY: box.y + box.height - 10,
    });
    await expect(visual(page).locator("img")).toHaveCount(1);
    await expect(page.locator(".image-entry")).toHaveCount(1);
    await expect(page.locator(".image-entry")).not.toContainText("not uploaded yet");
    // The upload finishing is announced, not only shown.
    await expect(page.getByRole("status").filter({ hasText: "Image uploaded." })).toBeVisible();

    await visual(page).locator("img").click();
    const tools = page.getByRole("group", { name: "Image 1: dropped.png" });
    await tools.getByLabel("Alt text").fill("A dark blue square");
    await tools.getByLabel("Caption").fill("Dropped at dusk");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "View post", exact: true }).click();
    const figure = page.getByRole("article").locator("figure.post-figure");
    await expect(figure.locator("img")).toHaveAttribute("alt", "A dark blue square");
    await expect(figure.locator("img")).toHaveAttribute("width", "640");
    await expect(figure.locator("figcaption")).toHaveText("Dropped at dusk");

    // Edit: decorative gives empty alt.
    const postUrl = page.url();
    await page.getByRole("button", { name: "Edit" }).click();
    // Inline edit has the same image toolbar.
    await visual(page).locator("img").click();
    const inline = page.getByRole("group", { name: /^Image 1: / });
    await inline.getByLabel("Decorative").check();
    await expect(inline.getByLabel("Alt text")).toBeDisabled();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });
    await page.goto(postUrl);
    await expect(page.getByRole("article").locator("figure img")).toHaveAttribute("alt", "");
  });

  test("Link and Ctrl+K: add, refuse javascript:/data:, edit, remove; a pasted URL links", async ({
    page,
    context,
  }) => {
    const title = unique("Links");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("Check the forecast and the map today");
    await selectWord(page, "forecast");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Add a link" });
    const address = dialog.getByLabel("Link address (URL)");
    await expect(address).toBeFocused();
    for (const bad of ["javascript:alert(1)", "data:text/html,<b>x</b>"]) {
      await address.fill(bad);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByRole("alert")).toHaveText(
        "This link cannot be added: only web addresses (http:// or https://) and email addresses (mailto:) are allowed.",
      );
      await expect(address).toHaveAttribute("aria-invalid", "true");
    }
    await address.fill("www.metoffice.gov.uk");
    await dialog.getByLabel("Open in a new tab").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(visual(page)).toBeFocused();
    const forecast = visual(page).getByRole("link", { name: "forecast" });
    await expect(forecast).toHaveAttribute("href", "https://www.metoffice.gov.uk");
    await expect(forecast).toHaveAttribute("target", "_blank");

    // The caret on the link: the Link button edits it; Escape closes, focus back in the text.
    await forecast.click();
    const linkButton = page.getByRole("button", { name: "Link", exact: true });
    await expect(linkButton).toHaveAttribute("aria-pressed", "true");
    await linkButton.click();
    const edit = page.getByRole("dialog", { name: "Edit link" });
    await expect(edit.getByLabel("Link address (URL)")).toHaveValue("https://www.metoffice.gov.uk");
    await expect(edit.getByLabel("Open in a new tab")).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(edit).toHaveCount(0);
    await expect(visual(page)).toBeFocused();
    await linkButton.click();
    await edit.getByLabel("Open in a new tab").uncheck();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(forecast).not.toHaveAttribute("target", /./);

    // A URL pasted on a selection links it; a bare URL pasted becomes a linked URL.
    const paste = (text: string) =>
      visual(page).evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData("text/plain", t);
        el.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, text);
    await selectWord(page, "map");
    await paste("https://example.com/map");
    await expect(visual(page).getByRole("link", { name: "map" })).toHaveAttribute(
      "href",
      "https://example.com/map",
    );
    await visual(page).press("End");
    await page.keyboard.type(" ");
    await paste("https://example.org/bare");
    await expect(visual(page).getByRole("link", { name: "https://example.org/bare" })).toHaveAttribute(
      "href",
      "https://example.org/bare",
    );

    // Remove: the link goes, the words stay.
    await visual(page).getByRole("link", { name: "map" }).click();
    await linkButton.click();
    await page.getByRole("dialog", { name: "Edit link" }).getByRole("button", { name: "Remove" }).click();
    await expect(visual(page).getByRole("link", { name: "map" })).toHaveCount(0);
    await expect(visual(page)).toContainText("the map today");

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    const href = await page.getByRole("link", { name: "View post", exact: true }).getAttribute("href");
    const post = await (await context.request.get(`/api/posts/${href!.split("/").pop()}`)).json();
    expect(post.content).toContain(
      '<a href="https://www.metoffice.gov.uk" rel="noopener noreferrer">forecast</a>',
    );
    expect(post.content).toContain(
      '<a href="https://example.org/bare" rel="noopener noreferrer">https://example.org/bare</a>',
    );
    expect(post.content).not.toContain("example.com/map");
  });

  test("a post with every allowed element and links opens in the visual editor and saves unchanged", async ({
    page,
    context,
    server,
  }) => {
    const upload = async (name: string, w: number, h: number, colour: string) => {
      const res = await context.request.post("/api/uploads", {
        multipart: { images: await png(name, w, h, colour) },
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { files: Array<{ url: string; width: number; height: number }> })
        .files[0]!;
    };
    const [a, b, c] = [
      await upload("a.png", 640, 480, "#335577"),
      await upload("b.png", 800, 400, "#775533"),
      await upload("c.png", 400, 800, "#557733"),
    ];
    const img = (id: string, url: string, cls: string, alt: string, w: number, h: number) =>
      `<img class="post-image ${cls}" src="${url}" alt="${alt}" width="${w}" height="${h}" data-image-id="${id}">`;
    const content = [
      "<h2>Day one</h2>",
      "<p>We <strong>walked</strong> <b>far</b>, <em>slowly</em> <i>and</i> <u>happily</u><br>along the coast</p>",
      '<p>See <a href="https://example.com/map?x=1&amp;y=2">the map</a>, <a href="http://example.org/" target="_blank">a new tab</a> and <a href="mailto:us@example.com"><strong>write</strong> to us</a>.</p>',
      "<h3>Styled</h3>",
      '<p><span style="font-family: Georgia; font-size: 14pt; color: darkgray">all three</span> <span style="font-family: Times New Roman">font</span> <a href="https://example.com/"><span style="color: maroon">styled link</span></a></p>',
      '<blockquote><p>Quoted with a <a href="https://example.com/q">link</a></p></blockquote>',
      "<ul><li><p>one</p></li><li><p><strong>two</strong></p></li></ul>",
      img("img-a", a.url, "post-image--left post-image--small", "A square", a.width, a.height),
      `<div class="image-pair" data-pair="img-b img-c">${img("img-b", b.url, "post-image--center post-image--medium", "Wide", 2000, 1000)}${img("img-c", c.url, "post-image--center post-image--medium", "Tall", 500, 1000)}</div>`,
      "<p>Kept as written: <a>an address the sanitiser removed</a></p>",
      "<div>a bare div</div>",
    ].join("\n");
    const images = [
      { id: "img-a", url: a.url, position: "left", size: "small", pairedWith: null, alt: "A square" },
      { id: "img-b", url: b.url, position: "center", size: "medium", pairedWith: "img-c", alt: "Wide" },
      { id: "img-c", url: c.url, position: "center", size: "medium", pairedWith: "img-b", alt: "Tall" },
    ];
    const created = await context.request.post("/api/posts", {
      data: { title: unique("Every element"), content, author: "him", hashtags: ["lossless"], images },
      headers: { origin: server.baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string; content: string };
    const links = (html: string) => html.match(/<a\b[^>]*>/g) ?? [];
    expect(links(post.content)).toHaveLength(6);

    await page.goto(`/post/${post.id}?edit=1`);
    await expect(visual(page)).toBeVisible();
    await expect(visual(page).getByRole("link")).toHaveCount(5);
    await expect(visual(page).locator("img")).toHaveCount(3);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    const saved = (await (await context.request.get(`/api/posts/${post.id}`)).json()) as { content: string };
    expect(saved.content).toBe(post.content);
    expect(links(saved.content)).toHaveLength(6);
  });
});
