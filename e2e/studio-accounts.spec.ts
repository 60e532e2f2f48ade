// A smooth start: an author who has not verified yet is told so on /admin and can ask
// for the link again (rate-limited); the link lands on /admin signed in; /profile changes the
// display name and the password, with errors tied to their fields.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, PASSWORD, signIn, startServer, test } from "./fixtures";

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("an unverified author sees the notice, resends the email once a minute, and the link opens /admin", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // A server of its own: on the worker's server the authors are already verified. A new install
  // with its demo posts, which the first hour removes.
  const { server, stop } = await startServer({ SEED_DEMO: "true" });
  try {
    const email = "her@duet.local";
    const signUp = await context.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD, name: "Her" },
      headers: { origin: server.baseURL },
    });
    expect(signUp.status()).toBe(200);
    await signIn(context, server, email);
    // Every page says so and offers the link again; /admin says it as its whole page.
    await page.goto(`${server.baseURL}/his-blog`);
    const banner = page.getByRole("complementary", { name: "Email verification" });
    await expect(banner).toContainText("Verify your email address to open the admin area.");
    await expect(banner.getByRole("button", { name: "Resend verification email" })).toBeVisible();
    await expectNoViolations(page);
    await page.goto(`${server.baseURL}/admin`);
    await expect(page.getByText("Verify your email address to open the admin area.")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Email verification" })).toHaveCount(0);
    await expect(page.getByLabel("Title")).toHaveCount(0);
    await expectNoViolations(page);

    const mails = () => server.outbox().filter((m) => /^To: .*her@duet\.local/im.test(m)).length;
    const before = mails();
    const resend = page.getByRole("button", { name: "Resend verification email" });
    await resend.click();
    await expect(page.getByText("Verification email sent. Check your inbox.")).toBeVisible();
    expect(mails()).toBe(before + 1);
    await resend.click();
    await expect(page.getByRole("alert")).toHaveText(
      "A verification email was just sent. Please wait a minute before asking for another.",
    );
    expect(mails()).toBe(before + 1);
    await expect(resend).toBeFocused();

    // Signed out, but the browser that registered (it keeps the registration cookie): the link
    // alone signs her in (elsewhere it would ask her to set the password).
    await context.clearCookies({ name: /session/ });
    await page.goto(server.linkFor(email, "verify")!);
    await page.waitForURL(/\/admin\?verified=1$/);
    await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    await expect(page.getByText("Your email address is verified.")).toBeVisible();
    // The studio's own navigation leads to its Posts view.
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Posts" }).click();
    await expect(page).toHaveURL(/\/admin\/posts$/);
    await expect(page.getByRole("heading", { name: "Your posts" })).toBeVisible();

    // The install's demo posts go in one click, after a question.
    const demo = page.getByRole("region", { name: "Demo posts" });
    await expect(demo).toContainText(/This blog still shows \d+ demo posts that came with the install/);
    await demo.getByRole("button", { name: "Remove demo posts" }).click();
    await expect(demo.getByRole("button", { name: "Yes, Remove" })).toBeFocused();
    await demo.getByRole("button", { name: "Yes, Remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The demo posts were removed." })).toBeFocused();
    await page.goto(`${server.baseURL}/her-blog`);
    await expect(page.getByText("No blog posts found. Check back soon!")).toBeVisible();
  } finally {
    await stop();
  }
});

test("/profile changes the display name and the password, with errors tied to their fields", async ({
  page,
  context,
  server,
}) => {
  const email = `profile-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await context.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: "Old Name" },
    headers: { origin: server.baseURL },
  });
  expect(res.status()).toBe(200);
  await signIn(context, server, email);
  await page.goto("/profile");

  const name = page.getByLabel("Display name", { exact: true });
  await name.fill("   ");
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.locator(`#${await name.getAttribute("aria-describedby")}`)).toHaveText(
    "Display name is required",
  );
  await name.fill("New Name");
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(page.getByText("Display name saved.")).toBeVisible();
  await expect(page.locator(".profile-fields")).toContainText("New Name");

  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  await current.fill(PASSWORD);
  await next.fill("brand-new-pass-7");
  await confirm.fill("something-else-7");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toBeFocused();
  await expect(page.locator(`#${await confirm.getAttribute("aria-describedby")}`)).toHaveText(
    "Passwords do not match",
  );
  await current.fill("not-my-password");
  await confirm.fill("brand-new-pass-7");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toBeFocused();
  await expect(page.getByText("Current password is incorrect.")).toBeVisible();
  await current.fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed.")).toBeVisible();
  await expectNoViolations(page);

  const old = await context.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.baseURL },
  });
  expect(old.status()).toBe(401);
  const fresh = await context.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password: "brand-new-pass-7" },
    headers: { origin: server.baseURL },
  });
  expect(fresh.status()).toBe(200);
});

// The site made theirs without a terminal. On the worker's server, so the settings go
// back to a new install's at the end for the specs that run after it.
test("an author changes the site in Settings and readers see it with JavaScript on and off", async ({
  page,
  context,
  browser,
  server,
  accounts,
}) => {
  test.setTimeout(60_000);
  const her = await accounts.ensure("her");
  await signIn(context, server, her.email);
  await page.goto("/admin/settings");
  const form = page.getByRole("region", { name: "Settings" });
  try {
    await form.getByLabel("Site name").fill("Clara & Tom");
    await form.getByLabel("Hero text", { exact: true }).fill("Our garden, our trains, our table.");
    await form.getByLabel("Her blog's name").fill("Clara's Garden");
    const accent = form.getByLabel("Accent colour (dark theme)");
    // Too faint on the dark background: refused, tied to the field, focused.
    await accent.fill("#333333");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(accent).toHaveAttribute("aria-invalid", "true");
    await expect(accent).toBeFocused();
    await expect(
      page.locator(`#${(await accent.getAttribute("aria-describedby"))?.split(" ").at(-1)}`),
    ).toContainText("too faint on the dark theme's background");
    await accent.fill("#7fd4ff");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expect(form.getByText("Settings saved. Readers see them on their next page.")).toBeVisible();
    await form.getByText("Recent changes").click();
    await expect(form.getByRole("listitem").first()).toContainText(
      `${her.email} changed Site name, Hero heading, Hero text, Accent colour (dark theme), Her blog's name`,
    );
    await form.getByRole("button", { name: "Send a test message" }).click();
    await expect(form.getByText(/^Test message sent to /)).toBeVisible();
    expect(server.outbox().at(-1)).toContain("Contact: Test message");
    await expectNoViolations(page);

    for (const javaScriptEnabled of [true, false]) {
      const reader = await browser.newContext({ javaScriptEnabled });
      const home = await reader.newPage();
      // Hydration agrees with the server's HTML: the settings travel in the inlined shell data.
      const errors: string[] = [];
      // Another test's post on this shared server points at a missing image on purpose.
      home.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          errors.push(message.text());
      });
      home.on("pageerror", (error) => errors.push(error.message));
      await home.goto(`${server.baseURL}/`);
      await expect(home).toHaveTitle("Clara & Tom");
      await expect(home.getByRole("heading", { level: 1 })).toHaveText("Welcome to Clara & Tom");
      await expect(home.getByText("Our garden, our trains, our table.")).toBeVisible();
      await expect(home.getByRole("link", { name: "Clara & Tom" }).first()).toBeVisible();
      await expect(home.locator(".featured-card--her h2")).toHaveText("Clara's Garden");
      // The dark theme's buttons take the new accent.
      await expect(home.getByRole("link", { name: "Get in Touch" })).toHaveCSS(
        "background-color",
        "rgb(127, 212, 255)",
      );
      await home.goto(`${server.baseURL}/her-blog`);
      await expect(home).toHaveTitle("Clara's Garden - Clara & Tom");
      await expect(home.getByRole("heading", { level: 1 })).toHaveText("Clara's Garden");
      await expect(
        home.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clara's Garden" }),
      ).toBeVisible();
      expect(errors).toEqual([]);
      await reader.close();
    }
  } finally {
    const reset = await context.request.put(`${server.baseURL}/api/settings`, {
      data: { siteName: "", heroText: "", herBlogName: "", accentDark: "" },
      headers: { origin: server.baseURL },
    });
    expect(reset.status()).toBe(200);
  }
});
