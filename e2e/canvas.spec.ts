// Image controls on the image in the text, rows of equal height, 'wide', and video
// embeds that load nothing from the video's site until the reader clicks.
import type { Page, Request } from "@playwright/test";
import { pngFile as png, unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

/** Select the nth image of the text (1-based) and return its toolbar. */
async function imageToolbar(page: Page, n: number, name: string) {
  await visual(page)
    .locator("img")
    .nth(n - 1)
    .click();
  const tools = page.getByRole("group", { name: `Image ${n}: ${name}` });
  await expect(tools).toBeVisible();
  return tools;
}

test.describe("the canvas: images and embeds in the text", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test.beforeEach(async ({ page, context, server }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(visual(page)).toBeVisible();
  });

  test("select an image → its toolbar: pair, captions, alt, wide → the page shows one even row", async ({
    page,
  }) => {
    const title = unique("Canvas");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("Along the ridge");
    await page
      .getByLabel("Add images")
      .setInputFiles([
        await png("landscape.png", 900, 600, "#3a6ea5"),
        await png("portrait.png", 400, 600, "#a53a6e"),
        await png("panorama.png", 1600, 600, "#6ea53a"),
      ]);
    await expect(visual(page).locator("img")).toHaveCount(3);
    await expect(page.locator(".image-entry", { hasText: "not uploaded yet" })).toHaveCount(0);
    // Beside the visual view the panel no longer holds the settings of images in the text.
    await expect(page.getByLabel("Pair with (image 1)")).toHaveCount(0);

    let tools = await imageToolbar(page, 1, "landscape.png");
    await tools.getByLabel("Pair with").selectOption({ label: "Image 2: portrait.png" });
    await expect(visual(page).locator(".image-pair img")).toHaveCount(2);
    tools = await imageToolbar(page, 1, "landscape.png");
    await tools.getByLabel("Caption").fill("The valley");
    await tools.getByLabel("Alt text").fill("A blue valley");
    await tools.getByRole("button", { name: "Settings of image 2" }).click();
    tools = page.getByRole("group", { name: "Image 2: portrait.png" });
    await tools.getByLabel("Caption").fill("The tower");
    await tools.getByLabel("Decorative").check();
    await expect(tools.getByLabel("Alt text")).toBeDisabled();
    tools = await imageToolbar(page, 3, "panorama.png");
    await tools.getByLabel("Position").selectOption("wide");
    await tools.getByRole("button", { name: "Use as thumbnail" }).click();
    await expect(page.getByRole("radio", { name: "Thumbnail (image 3: panorama.png)" })).toBeChecked();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "View post", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    const article = page.getByRole("article");
    const figures = article.locator(".image-pair > figure");
    await expect(figures).toHaveCount(2);
    await expect(figures.nth(0).locator("img")).toHaveAttribute("alt", "A blue valley");
    await expect(figures.nth(1).locator("img")).toHaveAttribute("alt", "");
    for (const n of [0, 1]) await expect(figures.nth(n).locator("img")).toHaveJSProperty("complete", true);
    const [a, b] = [
      (await figures.nth(0).locator("img").boundingBox())!,
      (await figures.nth(1).locator("img").boundingBox())!,
    ];
    // One row of equal height, each keeping its ratio (3:2 and 2:3), captions on one line.
    expect(Math.abs(a.height - b.height)).toBeLessThanOrEqual(1);
    expect(a.y).toBeCloseTo(b.y, 0);
    expect(a.width / a.height).toBeCloseTo(1.5, 1);
    expect(b.width / b.height).toBeCloseTo(0.667, 1);
    const [ca, cb] = [
      (await figures.nth(0).locator("figcaption").boundingBox())!,
      (await figures.nth(1).locator("figcaption").boundingBox())!,
    ];
    expect(ca.y).toBeCloseTo(cb.y, 0);
    await expect(figures.nth(0).locator("figcaption")).toHaveText("The valley");
    // 'wide' leaves the text column.
    const wide = (await article.locator("img.post-image--wide").boundingBox())!;
    const column = (await article.locator(".post-content").boundingBox())!;
    expect(wide.width).toBeGreaterThan(column.width + 40);
  });

  test("a pasted YouTube link becomes an embed that loads nothing until clicked", async ({
    page,
    browser,
    server,
  }) => {
    const title = unique("Embed");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("Our walk, filmed");
    await page.keyboard.press("Enter");
    await visual(page).evaluate((el) => {
      const data = new DataTransfer();
      data.setData("text/plain", "https://youtu.be/dQw4w9WgXcQ?si=x");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const poster = visual(page).locator(".post-embed");
    await expect(poster).toHaveText("Video on YouTube");
    await poster.click();
    await page.getByLabel("Video title").fill("The ridge at dawn");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "View post", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const postUrl = page.url();

    // A visitor's load of the page asks nothing of any other site.
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    const reader = await visitor.newPage();
    const foreign: Request[] = [];
    reader.on("request", (r) => {
      if (!r.url().startsWith(server.baseURL)) foreign.push(r);
    });
    await reader.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>player</p>" }),
    );
    await reader.goto(postUrl);
    const link = reader.getByRole("link", { name: "The ridge at dawn" });
    await expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await reader.waitForLoadState("networkidle");
    expect(foreign.map((r) => r.url())).toEqual([]);
    await link.click();
    const frame = reader.locator(".post-embed iframe");
    await expect(frame).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    await expect.poll(() => foreign.map((r) => new URL(r.url()).host)).toContain("www.youtube-nocookie.com");
    await expect(reader.frameLocator(".post-embed iframe").getByText("player")).toBeVisible();
    await visitor.close();
  });
});
