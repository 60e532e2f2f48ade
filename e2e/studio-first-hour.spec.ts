import { logIn } from "./auth-helpers";
import { createAccount, expect, HER_EMAIL, startServer, test } from "./fixtures";

// The first hour: an author signs in, finds the checklist at the top of /admin, sets
// their name and photo, writes a page and links it from the footer; a reader reads it with
// JavaScript off (the server's HTML) and on (inside the app). A new install of its own: every
// step starts undone, and nothing here shows in the other tests' footers or checklists.
test("the first hour: checklist, a name, a page in the footer, read with JavaScript off and on", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const { server, stop } = await startServer();
  const request = await playwright.request.newContext();
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPY5CVDEmIY1eA1GkqbhmvSAAByMxgQzLzbyAAAAABJRU5ErkJggg==",
    "base64",
  );
  try {
    await createAccount(request, server, { email: HER_EMAIL, name: "her" });
    await page.goto("/login?from=%2Fadmin");
    await logIn(page, HER_EMAIL);
    await expect(page.getByRole("heading", { level: 1, name: "Blog Admin" })).toBeVisible();

    const checklist = page.getByRole("region", { name: "Your first hour" });
    await expect(checklist).toBeVisible();
    const step = (name: string) => checklist.getByRole("listitem").filter({ hasText: name });
    for (const name of ["Set your name and photo", "Write your first post", "Look at the settings"])
      await expect(step(name)).toContainText("(to do)");

    // Name and photo (the studio's Settings view): the step ticks itself once both are saved.
    await checklist.getByRole("link", { name: "Set your name and photo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const profile = page.getByRole("region", { name: "Your author profile" });
    await profile.getByLabel("Name").fill("Clara Moreau");
    await profile
      .getByLabel("Photo")
      .setInputFiles({ name: "clara.png", mimeType: "image/png", buffer: png });
    await expect(profile.getByRole("button", { name: "Remove photo" })).toBeVisible();
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.getByText("Profile saved.")).toBeVisible();

    // A page in the posts' visual editor (the studio's Pages view), published to the footer.
    const studio = page.getByRole("navigation", { name: "Studio" });
    await studio.getByRole("link", { name: "Pages" }).click();
    const pages = page.getByRole("region", { name: "Pages" });
    await expect(pages.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
    await pages.getByRole("link", { name: "New page" }).click();
    const form = page.getByRole("form", { name: "New page" });
    await form.getByLabel("Title").fill("Our story");
    await expect(form.getByLabel("Address")).toHaveValue("our-story");
    await form.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("We met on a train to Lyon.");
    await form.getByLabel("Published").check();
    await form.getByLabel("Link it from").selectOption("footer");
    await form.getByRole("button", { name: "Save page" }).click();
    await expect(pages.getByRole("heading", { name: "Our story" })).toBeVisible();
    // Back on Write, the checklist has ticked both steps from what was saved.
    await studio.getByRole("link", { name: "Write" }).click();
    await expect(step("Set your name and photo")).toContainText("(done)");
    await expect(step("Look at the settings")).toContainText("(done)");

    for (const javaScriptEnabled of [false, true]) {
      const reader = await browser.newContext({ javaScriptEnabled });
      const home = await reader.newPage();
      await home.goto(`${server.baseURL}/`);
      const footer = home.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
      await footer.getByRole("link", { name: "Our story" }).click();
      await expect(home.getByRole("heading", { level: 1, name: "Our story" })).toBeVisible();
      await expect(home).toHaveURL(/\/p\/our-story$/);
      await expect(home).toHaveTitle(/^Our story - /);
      await expect(home.getByText("We met on a train to Lyon.")).toBeVisible();
      // The Privacy Policy names what the site keeps.
      await home.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(home.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      await expect(home.getByText("There are no tracking cookies")).toBeVisible();
      await reader.close();
    }
  } finally {
    await context.close();
    await request.dispose();
    await stop();
  }
});
