import { randomUUID } from "node:crypto";
import { expect, startServer, test } from "./fixtures";

test("with the default per-IP limit, the 11th sign-in in a minute shows the too-many message", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The default limit (10 per minute per IP); the shared test server raises it for everyone else.
  const { server, stop } = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: "10" });
  try {
    await page.goto(`${server.baseURL}/login`);
    const alert = page.getByRole("alert");
    for (let i = 0; i < 10; i++) {
      // A different address each time, so the per-account limit is not what stops it.
      await page.getByLabel("Email").fill(`probe-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByLabel("Password").fill("some-password-1");
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(alert).toHaveText("Failed to log in. Please check your credentials.");
      await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
    }
    await page.getByLabel("Email").fill(`probe-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(alert).toHaveText(
      "Too many unsuccessful login attempts. Please try again later or reset your password.",
    );
  } finally {
    await stop();
  }
});
