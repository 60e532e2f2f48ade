import { randomUUID } from "node:crypto";
import { logIn } from "./auth-helpers";
import { createAccount, expect, test } from "./fixtures";

const fresh = () => `reset-${randomUUID().slice(0, 8)}@example.com`;

test.describe("/forgot-password and the emailed reset link", () => {
  test("an unknown address says 'No account found with this email address'", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // The login form has an Email field too: wait for the reset page before filling.
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByLabel("Email").fill(fresh());
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText("No account found with this email address");
  });

  test("a request that fails says 'Failed to send password reset email. Please try again.'", async ({
    consoleGuard,
    page,
    request,
    server,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test aborts the reset request to show its failure message",
    );
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    // The network drops the request (the server is never asked, so nothing is sent).
    await page.route("**/api/auth/request-password-reset", (route) => route.abort());
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Failed to send password reset email. Please try again.",
    );
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("the link from the outbox sets a new password: the new one works, the old one does not", async ({
    page,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Check your email inbox for instructions to reset your password",
    );

    const link = server.linkFor(email, "reset");
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.waitForURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();

    const submit = page.getByRole("button", { name: "Set New Password" });
    await page.getByLabel("New Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm New Password").fill("abc");
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Password must be at least 6 characters");
    await page.getByLabel("New Password", { exact: true }).fill("fresh-secret-99");
    await page.getByLabel("Confirm New Password").fill("fresh-secret-98");
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    await page.getByLabel("Confirm New Password").fill("fresh-secret-99");
    await submit.click();
    await expect(page.getByRole("status")).toHaveText(
      "Your password has been reset. You can now log in with your new password.",
    );

    await page.getByRole("link", { name: "Go to Login" }).click();
    await logIn(page, email);
    await expect(page.getByRole("alert")).toHaveText("Failed to log in. Please check your credentials.");
    await page.getByLabel("Password").fill("fresh-secret-99");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${server.baseURL}/`);

    // The link works once.
    await page.goto(link!);
    await expect(page.getByRole("alert")).toHaveText("This password reset link is invalid or has expired.");
  });
});
