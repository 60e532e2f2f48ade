import { randomUUID } from "node:crypto";
import { logIn } from "./auth-helpers";
import { createAccount, expect, HER_EMAIL, HIM_EMAIL, PASSWORD, signIn, startServer, test } from "./fixtures";

const fresh = () => `role-${randomUUID().slice(0, 8)}@example.com`;

test.describe("/admin and /profile by role", () => {
  test("a visitor is sent from /admin to /login with the origin", async ({ page }) => {
    await page.goto("/admin");
    await page.waitForURL(/\/login\?from=%2Fadmin$/);
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  });

  test("a signed-in reader is sent from /admin to /login; the profile says 'User' with no Admin Dashboard link", async ({
    page,
    context,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh(), name: "Reader Rae" });
    await signIn(context, server, email);
    await page.goto("/admin");
    await page.waitForURL(/\/login\?from=%2Fadmin$/);
    // Already signed in: the page says so, so the form does not look like a failed log-in.
    await expect(page.getByText(`You are logged in as ${email}.`)).toBeVisible();

    await page.goto("/profile");
    const profile = page.locator(".profile-fields");
    await expect(profile).toContainText(email);
    await expect(profile).toContainText("Reader Rae");
    await expect(profile).toContainText("User");
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("a verified author sees the Admin link, 'Administrator', and /admin with 'Blog Admin' and the welcome line", async ({
    page,
    context,
    server,
    accounts,
  }) => {
    await accounts.ensure("him");
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/profile");
    await expect(page.locator(".profile-fields")).toContainText("Administrator");
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.waitForURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${HIM_EMAIL}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  });

  test("a visitor sent from /admin who signs in as an author lands back on /admin", async ({
    page,
    server,
    accounts,
  }) => {
    await accounts.ensure("her");
    await page.goto("/admin");
    await page.waitForURL(/\/login\?from=%2Fadmin$/);
    await logIn(page, HER_EMAIL);
    await page.waitForURL(`${server.baseURL}/admin`);
    await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${HER_EMAIL}`)).toBeVisible();
  });

  test("Log Out on /profile ('Logging Out...') signs out and returns home", async ({
    page,
    context,
    request,
    server,
  }) => {
    const { email } = await createAccount(request, server, { email: fresh() });
    await signIn(context, server, email);
    await page.goto("/profile");
    await page.route("**/api/auth/sign-out", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.locator(".profile-actions").getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("button", { name: "Logging Out..." }).first()).toBeDisabled();
    await page.waitForURL(`${server.baseURL}/`);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    // It stays home: the signed-out profile page must not bounce on to /login?from=/profile.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Login");
    expect(page.url()).toBe(`${server.baseURL}/`);
  });

  test("Log Out from the navbar on /admin goes home, not to the login form", async ({
    page,
    context,
    server,
    accounts,
  }) => {
    await accounts.ensure("him");
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
    await page.getByRole("button", { name: HIM_EMAIL.split("@")[0] }).click();
    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${server.baseURL}/`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect(page.url()).toBe(`${server.baseURL}/`);
  });

  test("a failed log out on /profile says 'Failed to log out'", async ({
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
    await page.goto("/profile");
    // The network drops the request: the person stays signed in and is told.
    await page.route("**/api/auth/sign-out", (route) => route.abort());
    await page.locator(".profile-actions").getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to log out");
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test("every page arrives with the sign-in status inlined, so nothing waits on a session request", async ({
  context,
  request,
  server,
}) => {
  const { email } = await createAccount(request, server, { email: fresh() });
  const visitorHtml = await (await request.get(`${server.baseURL}/profile`)).text();
  expect(visitorHtml).toMatch(/<script type="application\/json" id="duet-data">[^<]*"viewer":null/);
  await signIn(context, server, email);
  const html = await (await context.request.get(`${server.baseURL}/his-blog`)).text();
  const data = JSON.parse(
    /<script type="application\/json" id="duet-data">([^<]*)<\/script>/.exec(html)![1]!,
  );
  expect(data.viewer).toMatchObject({ email, isAdmin: false, authorKey: null });
  expect(html).not.toMatch(/session_token/);
});

test("a signed-in page renders its user without any session request (no Login flash, no bounce)", async ({
  consoleGuard,
  page,
  context,
  request,
  server,
}) => {
  consoleGuard.allow(
    /^Failed to load resource: net::ERR_FAILED/,
    "the test aborts any session request, to prove the page makes none",
  );
  const { email } = await createAccount(request, server, { email: fresh() });
  await signIn(context, server, email);
  const sessionRequests: string[] = [];
  await page.route("**/api/session", (route) => {
    sessionRequests.push(route.request().url());
    return route.abort();
  });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: email.split("@")[0] })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
  expect(page.url()).toBe(`${server.baseURL}/profile`);
  expect(sessionRequests).toEqual([]);
});

test.describe("author verification from the outbox", () => {
  // A server of their own: the worker's server already has the authors registered. One for
  // both tests: the first registers her address, the second his.
  let own: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    own = await startServer();
  });
  test.afterAll(async () => {
    await own.stop();
  });

  test("registering an author address makes an ordinary user until the 'verify' link is followed", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { server } = own;
    try {
      await page.goto(`${server.baseURL}/register`);
      await page.getByLabel("Email").fill("Her@Duet.Local");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm Password").fill(PASSWORD);
      await page.getByLabel("Display Name").fill("Her");
      await page.getByRole("button", { name: "Create Account" }).click();
      // The server's first letter loads the mail templates (1.2 s quiet, 6.2 s at load 10).
      await page.waitForURL(/\/login$/, { timeout: 15_000 });
      await logIn(page, "her@duet.local");
      await page.waitForURL(`${server.baseURL}/`);
      await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
      await page.goto(`${server.baseURL}/profile`);
      await expect(page.locator(".profile-fields")).toContainText("User");

      const link = server.linkFor("her@duet.local", "verify");
      expect(link).toBeTruthy();
      // A link whose token was altered says so and verifies nothing.
      await page.goto(link!.replace(/token=([^&]+)/, "token=$1x"));
      // It lands on /admin, which asks the signed-in, unverified author to verify.
      await page.waitForURL(/\/admin\?verified=1&error=/);
      await expect(page.getByRole("alert")).toHaveText("This verification link is invalid or has expired.");
      await expect(page.getByText("Verify your email address to open the admin area.")).toBeVisible();
      await page.goto(`${server.baseURL}/profile`);
      await expect(page.locator(".profile-fields")).toContainText("User");

      await page.goto(link!);
      // The link signs its owner in and lands on /admin.
      await page.waitForURL(/\/admin\?verified=1$/);
      await expect(page.getByText("Your email address is verified.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
      await page.goto(`${server.baseURL}/profile`);
      await expect(page.locator(".profile-fields")).toContainText("Administrator");
      await page.getByRole("link", { name: "Admin", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
      await expect(page.getByText("Welcome, her@duet.local")).toBeVisible();
    } finally {
      // The page first, so none of its late requests meets a stopped server (a console error).
      await page.close();
    }
  });

  test("a stranger who registered the address first is locked out once the owner opens the link elsewhere", async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const { server } = own;
    const stranger = await playwright.request.newContext({ userAgent: "curl/8.5" });
    const owner = await browser.newContext();
    try {
      const headers = { origin: server.baseURL };
      const credentials = { email: "him@duet.local", password: "strangers-own-pass-1" };
      expect(
        (
          await stranger.post(`${server.baseURL}/api/auth/sign-up/email`, {
            data: { ...credentials, name: "Him" },
            headers,
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await stranger.post(`${server.baseURL}/api/auth/sign-in/email`, { data: credentials, headers })
        ).status(),
      ).toBe(200);

      const page = await owner.newPage();
      await page.goto(server.linkFor("him@duet.local", "verify")!);
      await page.waitForURL(/\/reset-password\?token=[\w-]+&verify=1$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Confirm your author address" }),
      ).toBeVisible();
      await expect(page.getByText("This link was opened in a different browser")).toBeVisible();
      await page.getByLabel("New Password", { exact: true }).fill("owners-own-pass-2");
      await page.getByLabel("Confirm New Password").fill("owners-own-pass-2");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(
        page.getByText(
          "Your author address is confirmed. Log in with your new password to open the admin area.",
        ),
      ).toBeVisible();

      // The stranger's session ended and their password opens nothing.
      expect((await (await stranger.get(`${server.baseURL}/api/session`)).json()).viewer).toBeNull();
      expect(
        (
          await stranger.post(`${server.baseURL}/api/auth/sign-in/email`, { data: credentials, headers })
        ).status(),
      ).toBe(401);

      await page.getByRole("link", { name: "Go to Login" }).click();
      await logIn(page, "him@duet.local", "owners-own-pass-2");
      await page.waitForURL(`${server.baseURL}/admin`);
      await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
      await expect(page.getByText("Welcome, him@duet.local")).toBeVisible();
    } finally {
      await owner.close();
      await stranger.dispose();
    }
  });
});
