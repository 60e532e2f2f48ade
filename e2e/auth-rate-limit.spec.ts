import { randomUUID } from "node:crypto";
import { logIn } from "./auth-helpers";
import { expect, startServer, test } from "./fixtures";

test("after 10 failed sign-ins from one address, the next shows the too-many message", async ({ page }) => {
  test.setTimeout(90_000);
  // A server of its own, so its failed sign-ins do not slow the other tests down.
  const { server, stop } = await startServer();
  try {
    await page.goto(`${server.baseURL}/login`);
    const alert = page.getByRole("alert");
    for (let i = 0; i < 10; i++) {
      // A different account each time: what stops it is the per-address failure count.
      await logIn(page, `probe-${randomUUID().slice(0, 8)}@example.com`, "some-password-1");
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
