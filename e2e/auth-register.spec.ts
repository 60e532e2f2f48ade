import { randomUUID } from "node:crypto";
import { logIn } from "./auth-helpers";
import { createAccount, expect, PASSWORD, test } from "./fixtures";

const fresh = () => `reg-${randomUUID().slice(0, 8)}@example.com`;

test.describe("/register", () => {
  test("shows each SPEC §5 message for a bad form and stores nothing", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    const submit = page.getByRole("button", { name: "Create Account" });
    const alert = page.getByRole("alert");

    await submit.click();
    await expect(alert).toHaveText("Email is required");
    // Each error is tied to its field, which takes focus.
    const emailField = page.getByLabel("Email");
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toHaveAccessibleDescription("Email is required");

    await page.getByLabel("Email").fill(fresh());
    await submit.click();
    await expect(alert).toHaveText("Password is required");

    await page.getByLabel("Password", { exact: true }).fill("secret-one");
    await page.getByLabel("Confirm Password").fill("secret-two");
    await submit.click();
    await expect(alert).toHaveText("Passwords do not match");
    await expect(page.getByLabel("Confirm Password")).toBeFocused();
    await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
    await expect(emailField).not.toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Password", { exact: true }).fill("abcde");
    await page.getByLabel("Confirm Password").fill("abcde");
    await submit.click();
    await expect(alert).toHaveText("Password must be at least 6 characters");

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel("Display Name").fill("   ");
    await submit.click();
    await expect(alert).toHaveText("Display name is required");
  });

  test("registers, says so while busy and after, goes to /login after 2 s; the display name is stored", async ({
    page,
    server,
  }) => {
    const email = fresh();
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel("Display Name").fill("Rosa Reader");
    // Hold the request a moment so the busy label can be seen, as a person on a slow link would.
    await page.route("**/api/auth/sign-up/email", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
    await expect(page.getByRole("status")).toHaveText("Registration successful! Redirecting to login...");
    expect(page.url()).toContain("/register");
    await page.waitForURL(/\/login$/, { timeout: 5_000 });

    await logIn(page, email);
    await page.waitForURL(`${server.baseURL}/`);
    await page.goto("/profile");
    await expect(page.getByText("Rosa Reader")).toBeVisible();
  });

  test("Log In → Register → Log In returns to the page the reader started from", async ({ page, server }) => {
    const email = fresh();
    await page.goto("/contact");
    await page.getByRole("link", { name: "Login" }).click();
    await page.waitForURL(/\/login\?from=%2Fcontact$/);
    await page.getByRole("link", { name: "Register" }).click();
    await page.waitForURL(/\/register\?from=%2Fcontact$/);
    // The login page stays up until the register page's chunk has loaded: wait for its heading.
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel("Display Name").fill("Rosa Reader");
    await page.getByRole("button", { name: "Create Account" }).click();
    // Creating the account may take a few seconds on a busy machine; then SPEC's 2 s.
    await expect(page.getByRole("status")).toHaveText("Registration successful! Redirecting to login...");
    await page.waitForURL(/\/login\?from=%2Fcontact$/, { timeout: 5_000 });
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await logIn(page, email);
    await page.waitForURL(`${server.baseURL}/contact`);
  });

  test("an already-registered email says so; other failures say 'Failed to create account. Please try again.'", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/register");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByLabel("Display Name").fill("Again");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This email is already registered. Please try logging in instead.",
    );

    // A password from the shipped common list: the provider refuses it as weak.
    await page.getByLabel("Email").fill(fresh());
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password").fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Failed to create account. Please try again.");
    await expect(alert).toContainText("The password is too weak. Please use a stronger password.");
  });
});
