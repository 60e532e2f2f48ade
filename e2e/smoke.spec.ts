import { expect, test } from "./fixtures";

test("the home page renders inside the shell", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "His Blog" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});
