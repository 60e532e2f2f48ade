// No lost input: what a reader types into a server-rendered form before the app has loaded (a slow
// phone) is neither lost to a page reload nor dropped by hydration.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Hold the app's entry script until `release` is called: the server's page shows, not hydrated. */
async function holdTheApp(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);

test("Enter on /login before the app has loaded keeps the page and what was typed; then it signs in", async ({
  page,
  accounts,
}) => {
  const { email, password } = await accounts.ensure("user");
  const release = await holdTheApp(page);
  await page.goto("/login", { waitUntil: "commit" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  // Not sent as a GET to /login?… (a reload that would drop both fields).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);

  release();
  await hydrated(page, "input[type=password]");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // SPEC §2: the navbar's user button, the email before the @.
  await expect(page.getByRole("button", { name: email.split("@")[0], exact: true })).toBeVisible();
});

test("the search box works before the app has loaded (a plain GET to /search)", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/his-blog", { waitUntil: "commit" });
  const box = page.getByRole("search").first().getByRole("searchbox");
  await box.fill("anything");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=anything$/);
  release();
});
