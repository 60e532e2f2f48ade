import AxeBuilder from "@axe-core/playwright";
import { publishAs } from "./engagement-helpers";
import { createAccount, expect, HER_EMAIL, HIM_EMAIL, PASSWORD, signIn, test } from "./fixtures";

test("a visitor follows his blog by email, confirms, gets the next post, and unsubscribes with the link's button", async ({
  page,
  server,
  accounts,
  playwright,
  browser,
}) => {
  // One journey through several people, pages and emails: longer than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await accounts.ensure("him");
  await accounts.ensure("her");
  const address = `follower-${Date.now()}@example.com`;

  await page.goto("/his-blog");
  const box = page.locator("form.follow-box");
  await expect(box.getByLabel("His Blog")).toBeChecked();
  await expect(box.getByLabel("Her Blog")).not.toBeChecked();
  await box.getByRole("button", { name: "Follow" }).click();
  await expect(box.getByRole("alert")).toHaveText("Please enter your email address.");
  await box.getByLabel("Your email").fill("not-an-address");
  await box.getByRole("button", { name: "Follow" }).click();
  await expect(box.getByRole("alert")).toHaveText("Please enter a valid email address.");
  // The error is linked to its field.
  await expect(box.getByLabel("Your email")).toHaveAccessibleDescription(
    "Please enter a valid email address.",
  );
  await box.getByLabel("Your email").fill(address);
  await box.getByRole("button", { name: "Follow" }).click();
  await expect(box.getByRole("status")).toHaveText(
    "Almost done: check your inbox and open the link to confirm. Nothing is sent before that.",
  );

  // A witness: her verified account follows his blog in one click (confirmed at once), so the
  // emails she gets show when a post has gone out to his followers.
  const witness = await playwright.request.newContext();
  await witness.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email: HER_EMAIL, password: PASSWORD },
    headers: { origin: server.baseURL },
  });
  const followed = await witness.post(`${server.baseURL}/api/follow`, {
    data: { authors: ["him"] },
    headers: { origin: server.baseURL },
  });
  expect(await followed.json()).toEqual({ confirmationSent: false });
  const reached = (to: string, title: string) =>
    server.outbox().filter((m) => m.includes(`To: ${to}`) && m.includes(title)).length;

  // Nothing but the confirmation before it is confirmed, even when he publishes.
  const request = await playwright.request.newContext();
  await publishAs(request, server, "him", "Published before confirming");
  let confirm: string | null = null;
  await expect.poll(() => (confirm = server.linkFor(address, "/subscriptions?confirm="))).toBeTruthy();
  await expect.poll(() => reached(HER_EMAIL, "Published before confirming")).toBe(1);
  expect(reached(address, "New on His Blog")).toBe(0);

  await page.goto(confirm!);
  await expect(page.getByRole("status")).toHaveText(
    "You're now following His Blog. New posts will arrive by email.",
  );

  // His Audience page counts the confirmed followers (the visitor and her).
  const admin = await browser.newContext({ baseURL: server.baseURL });
  await signIn(admin, server, HIM_EMAIL);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin/audience");
  await expect(adminPage.getByTestId("follower-count")).toHaveText("2 people follow your blog by email.");
  await admin.close();

  const post = await publishAs(request, server, "him", "Fresh from the oven");
  await expect
    .poll(
      () => server.outbox().filter((m) => m.includes(address) && m.includes("Fresh from the oven")).length,
    )
    .toBe(1);
  const email = server.outbox().find((m) => m.includes(address) && m.includes("Fresh from the oven"))!;
  expect(email).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  expect(email.replace(/=\r?\n/g, "")).toContain(`/post/${post.slug}`);
  // Her posts do not reach his followers.
  await publishAs(request, server, "her", "Hers, not his");

  // Opening the emailed link only asks (mail scanners open links): nothing is posted, and the
  // next post still reaches them.
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posted.push(r.url());
  });
  await page.goto(server.linkFor(address, "/subscriptions?unsubscribe=")!);
  const leave = page.getByRole("button", { name: "Unsubscribe" });
  await expect(leave).toBeVisible();
  await expect(page.getByText("Stop getting emails about new posts?")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  expect(posted).toEqual([]);
  await publishAs(request, server, "him", "Still following");
  await expect.poll(() => reached(address, "Still following")).toBe(1);
  await leave.click();
  const done = page.getByRole("status");
  await expect(done).toHaveText("You will no longer get emails about new posts on His Blog.");
  await expect(done).toBeFocused();
  await publishAs(request, server, "him", "After leaving");
  await expect.poll(() => reached(HER_EMAIL, "After leaving")).toBe(1);
  expect(reached(address, "New on")).toBe(2);

  // Without JavaScript the button posts a form and lands on the result page; a bad link says so.
  const plain = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(server.linkFor(HER_EMAIL, "/subscriptions?unsubscribe=")!);
  await noScript.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(noScript).toHaveURL(/\/subscriptions\?unsubscribed=him$/);
  await expect(noScript.getByRole("status")).toHaveText(
    "You will no longer get emails about new posts on His Blog.",
  );
  const unknown = `/subscriptions?unsubscribe=${"x".repeat(43)}`;
  await noScript.goto(unknown);
  await noScript.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(noScript.getByRole("alert")).toHaveText("This link is not valid or has expired.");
  await page.goto(unknown);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link is not valid or has expired.");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeFocused();
  await plain.close();
  await request.dispose();
  await witness.dispose();
});

test("a signed-in reader follows her blog with one click under a post", async ({
  browser,
  server,
  accounts,
  playwright,
}) => {
  await accounts.ensure("her");
  const { email } = await accounts.ensure("user");
  const request = await playwright.request.newContext();
  const post = await publishAs(request, server, "her", "Follow me from here");
  await request.dispose();
  const context = await browser.newContext({ baseURL: server.baseURL });
  await signIn(context, server, email);
  const page = await context.newPage();
  await page.goto(`/post/${post.id}`);
  const box = page.locator("form.follow-box");
  await expect(box.getByText(`We'll email ${email}.`)).toBeVisible();
  await expect(box.getByLabel("Your email")).toHaveCount(0);
  await box.getByRole("button", { name: "Follow" }).click();
  await expect(box.getByRole("status")).toHaveText(
    "Almost done: check your inbox and open the link to confirm. Nothing is sent before that.",
  );
  await expect.poll(() => server.linkFor(email, "/subscriptions?confirm=")).toBeTruthy();
  await context.close();
});

test("a reader proves their address for reply emails from /profile, with the emailed link's button", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const { email } = await createAccount(context.request, server);
  await signIn(context, server, email);
  const page = await context.newPage();
  await page.goto("/profile");
  const settings = page.locator("fieldset.notification-settings");
  await expect(settings.getByText(`Confirm ${email} with a link we email you.`)).toBeVisible();
  await settings.getByRole("button", { name: "Send me the link" }).click();
  await expect(settings.getByRole("status")).toContainText(`We sent a link to ${email}.`);
  let link: string | null = null;
  await expect.poll(() => (link = server.linkFor(email, "/subscriptions?verify="))).toBeTruthy();
  // Opening the link proves nothing by itself (a mail scanner opens links too): the button does.
  await page.goto(link!);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your address is confirmed. You will get the notification emails you chose on your profile.",
  );
  await page.goto("/profile");
  await expect(
    settings.getByRole("checkbox", { name: "Email me when someone replies to my comments" }),
  ).toBeChecked();
  await expect(
    settings.getByText("These emails go only to a confirmed address.", { exact: false }),
  ).toHaveCount(0);
  await context.close();
});
