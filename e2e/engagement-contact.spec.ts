import { contextAs, unique } from "./engagement-helpers";
import { expect, test } from "./fixtures";

test.describe("the contact form", () => {
  test("has name, email (email type), subject and a 5-row message, all required", async ({ page }) => {
    await page.goto("/contact");
    const name = page.getByLabel("Name");
    const email = page.getByLabel("Email");
    const subject = page.getByLabel("Subject");
    const message = page.getByLabel("Message");
    for (const field of [name, email, subject, message]) await expect(field).toHaveAttribute("required", "");
    await expect(email).toHaveAttribute("type", "email");
    await expect(message).toHaveAttribute("rows", "5");
    // The honeypot is out of reach for people and screen readers.
    await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);

    // The browser refuses an incomplete form: nothing is sent.
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact") && r.method() === "POST") posted = true;
    });
    await name.fill("Ada");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(email).toBeFocused();
    expect(posted).toBe(false);
  });

  test("sends a message: 'Sending...', the success text, the form cleared, and an email to the authors", async ({
    page,
    server,
  }) => {
    const subject = unique("Hello from the form");
    await page.goto("/");
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByLabel("Name").fill("Ada Reader");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Loved the Lisbon post.\nMore please!");

    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByRole("status")).toHaveText(
      "Message sent successfully! We'll get back to you soon.",
    );
    for (const label of ["Name", "Email", "Subject", "Message"])
      await expect(page.getByLabel(label)).toHaveValue("");

    // Delivered by the server after it was stored: an email to the authors, replying to the sender.
    await expect
      .poll(() => server.outbox().find((m) => m.includes(subject)) ?? "", { timeout: 15_000 })
      .toContain("Reply-To: ada@example.com");
    const mail = server.outbox().find((m) => m.includes(subject))!;
    expect(mail).toMatch(/^To: .*him@duet\.local/m);
  });

  test("a failure says 'Failed to send message. Please try again.' and keeps what was typed", async ({
    consoleGuard,
    page,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: the server responded with a status of 500/,
      "the test answers the contact form with a 500 to show its failure message",
    );
    await page.goto("/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByLabel("Name").fill("Ada");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Subject").fill("Hi");
    await page.getByLabel("Message").fill("Still here?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to send message. Please try again.");
    await expect(page.getByLabel("Message")).toHaveValue("Still here?");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("admins see received messages, newest first, with delivery status in the Inbox at /admin/inbox", async ({
    browser,
    server,
    accounts,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const older = unique("Older note");
    const newer = unique("Newer note");
    for (const subject of [older, newer]) {
      const res = await request.post(`${server.baseURL}/api/contact`, {
        data: { name: "Bea", email: "bea@example.com", subject, message: "Hi there" },
        headers: { origin: server.baseURL },
      });
      expect(res.status()).toBe(201);
    }
    await request.dispose();
    const { email } = await accounts.ensure("him");
    const { context, page } = await contextAs(browser, server, email);
    await page.goto("/admin/inbox");
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    const items = page.locator(".inbox-item");
    await expect(items.filter({ hasText: newer })).toHaveCount(1);
    const subjects = await items.locator("h3").allTextContents();
    expect(subjects.indexOf(newer)).toBeLessThan(subjects.indexOf(older));
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(items.filter({ hasText: newer })).toContainText("Delivered", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(items.filter({ hasText: newer })).toContainText("bea@example.com");
    await context.close();

    // A reader is sent to log in instead, from the studio's sub-page too.
    const { email: readerEmail } = await accounts.ensure("user");
    const reader = await contextAs(browser, server, readerEmail);
    await reader.page.goto("/admin/inbox");
    await expect(reader.page).toHaveURL(/\/login\?from=%2Fadmin%2Finbox$/);
    await reader.context.close();
  });
});
