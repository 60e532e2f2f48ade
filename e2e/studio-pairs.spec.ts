// A pair keeps the order of the text whichever image's toolbar made it, and on a phone it stays
// one row that fits the screen (two portrait images stacked were taller than the screen).
import type { Locator, Page } from "@playwright/test";
import { pngFile as png, unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

const srcs = (images: Locator) => images.evaluateAll((els) => els.map((e) => e.getAttribute("src") ?? ""));

async function pairBoxes(page: Page) {
  const images = page.getByRole("article").locator(".image-pair img");
  await expect(images).toHaveCount(2);
  for (const n of [0, 1]) await expect(images.nth(n)).toHaveJSProperty("complete", true);
  return [(await images.nth(0).boundingBox())!, (await images.nth(1).boundingBox())!] as const;
}

test("pairing image 3 with image 2 from image 3's toolbar reads 2 | 3; on a phone the pair fits", async ({
  page,
  context,
  server,
  accounts,
}) => {
  test.setTimeout(60_000);
  await accounts.ensure("him");
  await signIn(context, server, HIM_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin");
  const title = unique("Pair order");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await visual(page).click();
  await page.keyboard.type("Three pictures");
  await page
    .getByLabel("Add images")
    .setInputFiles([
      await png("first.png", 900, 600, "#3a6ea5"),
      await png("second.png", 400, 600, "#a53a6e"),
      await png("third.png", 400, 600, "#6ea53a"),
    ]);
  await expect(visual(page).locator("img")).toHaveCount(3);
  await expect(page.locator(".image-entry", { hasText: "not uploaded yet" })).toHaveCount(0);

  await visual(page).locator("img").nth(2).click();
  const tools = page.getByRole("group", { name: "Image 3: third.png" });
  await tools.getByLabel("Pair with").selectOption({ label: "Image 2: second.png" });
  const inText = visual(page).locator(".image-pair img");
  await expect(inText).toHaveCount(2);
  const editorOrder = await srcs(inText);
  expect(editorOrder[0]).toContain("second");
  expect(editorOrder[1]).toContain("third");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "View post", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  let [left, right] = await pairBoxes(page);
  const order = await srcs(page.getByRole("article").locator(".image-pair img"));
  expect(order[0]).toContain("second");
  expect(order[1]).toContain("third");
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);
  expect(right.x).toBeGreaterThan(left.x + left.width - 1);

  // A phone: still one row, both in the screen's width, and the row shorter than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  [left, right] = await pairBoxes(page);
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);
  expect(right.x).toBeGreaterThan(left.x + left.width - 1);
  expect(right.x + right.width).toBeLessThanOrEqual(390);
  expect(Math.max(left.height, right.height)).toBeLessThan(844 / 2);
});
