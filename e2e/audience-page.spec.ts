import AxeBuilder from "@axe-core/playwright";
import { contextAs } from "./engagement-helpers";
import { expect, HIM_EMAIL, test } from "./fixtures";

test("his Audience page imports a list line by line, searches, removes; the post form shows the reach and sends him a test", async ({
  browser,
  server,
  accounts,
}) => {
  test.setTimeout(60_000);
  await accounts.ensure("him");
  const him = await contextAs(browser, server, HIM_EMAIL);
  const page = him.page;
  await page.goto("/admin/audience");
  const audience = page.locator("section.audience");
  await expect(audience.getByRole("heading", { name: "Audience", level: 2 })).toBeVisible();

  // A pasted list with a broken line, a repeat and a bad address: only the valid ones come in.
  const stamp = Date.now();
  const a = `ann-${stamp}@example.com`;
  const b = `bob-${stamp}@example.com`;
  await audience
    .getByLabel("Addresses", { exact: true })
    .fill([a, '"broken', "nobody", a.toUpperCase(), b].join("\n"));
  await audience.getByLabel(/already agreed/).check();
  await audience.getByRole("button", { name: "Import" }).click();
  const result = audience.locator(".audience-import-result");
  await expect(result).toContainText("2 addresses imported.");
  await expect(result.getByRole("listitem")).toHaveText([
    'Line 2 ("broken): a quote is not closed',
    "Line 3 (nobody): not a valid email address",
    `Line 4 (${a.toUpperCase()}): the same address as line 1`,
  ]);
  const rows = audience.getByRole("list", { name: "Followers" }).getByRole("listitem");
  await expect(rows.filter({ hasText: a })).toContainText("Active");

  await audience.getByLabel("Search addresses").fill(`bob-${stamp}`);
  await audience.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  page.once("dialog", (d) => void d.accept());
  await rows.first().getByRole("button", { name: "Remove" }).click();
  await expect(audience.getByRole("status").first()).toHaveText(`${b} no longer follows your blog.`);
  await expect(audience.getByText("No follower matches this search.")).toBeVisible();
  await expect(audience.getByRole("link", { name: "Export as CSV" })).toHaveAttribute(
    "href",
    "/api/audience/followers.csv",
  );
  await expect(audience.getByRole("img", { name: /Active followers over the last 90 days/ })).toBeVisible();
  // A server on the social web he blocks is listed under "Blocked servers" and can be let back in.
  const host = `spam-${stamp}.example`;
  await audience.getByLabel("Server to block (like mastodon.example)").fill(host.toUpperCase());
  await audience.getByRole("button", { name: "Block server" }).click();
  const blocked = audience
    .getByRole("list", { name: "Blocked servers" })
    .getByRole("listitem")
    .filter({ hasText: host });
  await expect(blocked).toHaveCount(1);
  await blocked.getByRole("button", { name: "Unblock" }).click();
  await expect(blocked).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include("section.audience").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The post form (the studio's Write view): the reach before publishing, the switch, the test email.
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Write" }).click();
  await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
  const form = page.locator("form.post-form");
  const reach = form.getByTestId("send-reach");
  await expect(reach).toHaveText(/^It will reach \d+ followers?\.$/);
  await form.getByLabel(/Email this post to my followers/).uncheck();
  await expect(reach).toHaveText("Publish without sending: followers get no email for this post.");
  await form.getByLabel(/Email this post to my followers/).check();
  const title = `Test letter ${stamp}`;
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("A letter to see before it goes.");
  await form.getByRole("button", { name: "Send a test to me" }).click();
  await expect(form.getByRole("status").filter({ hasText: "test email" })).toHaveText(
    `A test email is on its way to ${HIM_EMAIL}: it is what your followers will get.`,
  );
  await expect
    .poll(() => server.outbox().filter((m) => m.includes(`To: ${HIM_EMAIL}`) && m.includes(title)).length)
    .toBe(1);
  await him.context.close();
});
