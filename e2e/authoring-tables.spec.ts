// Tables and quotes with their source: written with the table tool or in the HTML view, kept by
// the sanitiser, shown on the post page; what the sanitiser would drop is said before saving.
import { unique, visualContent as visual } from "./authoring-helpers";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

test.describe("tables in posts", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test.beforeEach(async ({ page, context, server }) => {
    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    await expect(visual(page)).toBeVisible();
  });

  test("the table tool: a header row, rows added, published and shown as a table", async ({
    page,
    context,
  }) => {
    const title = unique("Our week");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await visual(page).click();
    await page.keyboard.type("The plan:");
    await page.getByRole("button", { name: "Table", exact: true }).click();
    await page.keyboard.type("Day");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Where");
    await page.getByRole("button", { name: "+ Row", exact: true }).click();
    await expect(visual(page).locator("tr")).toHaveCount(4);
    await visual(page).locator("td").first().click();
    await page.keyboard.type("Sat");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Lisbon");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "View post", exact: true }).click();
    const table = page.getByRole("article").getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Where" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "Lisbon" })).toBeVisible();
    const slug = page.url().split("/").pop()!;
    const post = await (await context.request.get(`/api/posts/by-slug/${slug}`)).json();
    expect(post.content).toContain("<th><p>Day</p></th><th><p>Where</p></th>");
  });

  test("the HTML view: spans and cite are kept; what would be dropped is said before saving", async ({
    consoleGuard,
    page,
    context,
  }) => {
    consoleGuard.allow(
      /^Executing inline event handler violates the following Content Security Policy directive/,
      "DOMPurify parses the hostile handler while removing it and the CSP refuses it: the defence in depth this test is about",
    );
    await page.getByLabel("Title", { exact: true }).fill(unique("Written by hand"));
    await page.getByRole("button", { name: "HTML", exact: true }).click();
    const html = page.getByLabel("Content", { exact: true });
    const kept =
      '<table><tbody><tr><th colspan="2">Both</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<blockquote cite="https://example.com/source">Said elsewhere</blockquote>';
    await html.fill(kept);
    const note = page.locator(".dropped-note");
    await expect(note).toBeEmpty();
    await html.fill(`${kept}<p onclick="steal()">Hi</p><script>alert(1)</script>`);
    await expect(note).toHaveText(
      "When saved, a post cannot keep some of what is written here, and it will be removed: onclick on <p>, <script>.",
    );
    await expect(html).toHaveAttribute("aria-describedby", /dropped/);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible({ timeout: 15_000 });
    const href = await page.getByRole("link", { name: "View post", exact: true }).getAttribute("href");
    const post = await (await context.request.get(`/api/posts/${href!.split("/").pop()}`)).json();
    expect(post.content).toContain('<th colspan="2">Both</th>');
    expect(post.content).toContain('<blockquote cite="https://example.com/source">');
    expect(post.content).not.toMatch(/onclick|script/);
  });
});
