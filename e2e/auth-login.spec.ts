import { randomUUID } from "node:crypto";
import { logIn } from "./auth-helpers";
import { createAccount, expect, PASSWORD, signIn, test } from "./fixtures";

const fresh = () => `login-${randomUUID().slice(0, 8)}@example.com`;

test.describe("/login", () => {
  test("says who can do what, signs in ('Logging in...') and lands on /", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/login");
    await expect(page.getByText("Only admin users can access the admin area.")).toBeVisible();
    await expect(page.getByText("Regular users can log in to comment on and like posts.")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.route("**/api/auth/sign-in/email", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    await page.waitForURL(`${server.baseURL}/`);
    await expect(page.getByRole("button", { name: email.split("@")[0] })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
  });

  test("a wrong password shows 'Failed to log in. Please check your credentials.'", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/login");
    await logIn(page, email, "not-my-password");
    await expect(page.getByRole("alert")).toHaveText("Failed to log in. Please check your credentials.");
    await expect(page).toHaveURL(/\/login$/);
    // The message is tied to the fields it is about.
    for (const field of [page.getByLabel("Email"), page.getByLabel("Password")]) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("Failed to log in. Please check your credentials.");
    }
  });

  test("after 5 failures for one account the too-many message shows, even with the right password", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Password").fill(`wrong-${i}-pass`);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByRole("alert")).toHaveText("Failed to log in. Please check your credentials.");
      await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
    }
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Too many unsuccessful login attempts. Please try again later or reset your password.",
    );
  });

  test("a protected page sends a visitor to /login with its origin, and back there after signing in", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/profile");
    await page.waitForURL(/\/login\?from=%2Fprofile$/);
    await logIn(page, email);
    await page.waitForURL(`${server.baseURL}/profile`);
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  });

  test("never redirects to another site through ?from=", async ({ page, request, server }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto(`/login?from=${encodeURIComponent("//evil.example/x")}`);
    await logIn(page, email);
    await page.waitForURL(`${server.baseURL}/`);
  });
});

test.describe("navbar account menu", () => {
  test("a visitor sees Login and no Admin link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  });

  test("the user button (email before the @) opens a dropdown with 'Log Out'; Escape closes it; Log Out signs out", async ({
    page,
    context,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await signIn(context, server, email);
    await page.goto("/his-blog");
    const userButton = page.getByRole("button", { name: email.split("@")[0] });
    await expect(userButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

    await userButton.focus();
    await page.keyboard.press("Enter");
    await expect(userButton).toHaveAttribute("aria-expanded", "true");
    const logOut = page.getByRole("button", { name: "Log Out" });
    await expect(logOut).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(logOut).toBeHidden();
    await expect(userButton).toBeFocused();

    // Tabbing through Profile and Log Out and on past the menu closes it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(logOut).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(logOut).toBeHidden();
    await expect(userButton).toHaveAttribute("aria-expanded", "false");

    await userButton.click();
    await logOut.click();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/);
    await page.reload();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("Log Out in the dropdown says 'Logging Out...' while busy and 'Failed to log out' when it fails", async ({
    consoleGuard,
    page,
    context,
    request,
    server,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test aborts the sign-out request to show 'Failed to log out'",
    );
    const { email } = await createAccount(request, server, { email: fresh() });
    await signIn(context, server, email);
    await page.goto("/contact");
    const userButton = page.getByRole("button", { name: email.split("@")[0] });
    // The network drops the request after a moment: the person stays signed in and is told.
    await page.route("**/api/auth/sign-out", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.abort();
    });
    await userButton.click();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("button", { name: "Logging Out..." })).toBeDisabled();
    await expect(page.getByRole("alert")).toHaveText("Failed to log out");
    await expect(userButton).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
  });
});
