// The studio's Pages, as the couple uses them: a typo fixed in the Privacy Policy, a new About page
// first saved as a draft and published later, at both widths. Every save of an existing page goes
// through the same editor as its first save, and readers see the result at once.
import { expect, HER_EMAIL, signIn, test } from "./fixtures";

for (const width of [390, 1280]) {
  test(`an author fixes the Privacy Policy and publishes a draft page (${width} px)`, async ({
    page,
    context,
    server,
    browser,
    accounts,
  }) => {
    test.setTimeout(60_000);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setViewportSize({ width, height: 900 });
    await accounts.ensure("her");
    await signIn(context, server, HER_EMAIL);
    const slug = `about-us-${width}`;

    await page.goto("/admin/pages");
    const pages = page.getByRole("region", { name: "Pages" });
    await pages.getByRole("link", { name: /^Edit Privacy policy/i }).click();
    const privacy = page.getByRole("form", { name: /^Edit Privacy policy/i });
    await privacy.getByLabel("Title").fill(`Privacy policy ${width}`);
    await privacy.getByRole("button", { name: "Save page" }).click();
    await expect(pages.getByRole("heading", { name: `Privacy policy ${width}` })).toBeVisible();

    // A new page, saved as a draft: readers do not see it yet.
    await pages.getByRole("link", { name: "New page" }).click();
    const draft = page.getByRole("form", { name: "New page" });
    await draft.getByLabel("Title").fill("About us");
    await draft.getByLabel("Address").fill(slug);
    await draft.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("We are Leo and Maya.");
    await draft.getByRole("button", { name: "Save page" }).click();
    const row = pages.getByRole("listitem").filter({ hasText: `/p/${slug}` });
    await expect(row.getByText("Draft")).toBeVisible();
    const reader = await browser.newContext();
    expect((await reader.request.get(`${server.baseURL}/p/${slug}`)).status()).toBe(404);

    // Saved again, now published: readers get it at once.
    await row.getByRole("link", { name: "Edit About us" }).click();
    const edit = page.getByRole("form", { name: "Edit About us" });
    await edit.getByLabel("Published").check();
    await edit.getByRole("button", { name: "Save page" }).click();
    await expect(row.getByText("Published")).toBeVisible();
    const readerPage = await reader.newPage();
    await readerPage.goto(`${server.baseURL}/p/${slug}`);
    await expect(readerPage.getByRole("heading", { level: 1, name: "About us" })).toBeVisible();
    await expect(readerPage.getByText("We are Leo and Maya.")).toBeVisible();
    await readerPage.goto(`${server.baseURL}/privacy`);
    await expect(
      readerPage.getByRole("heading", { level: 1, name: `Privacy policy ${width}` }),
    ).toBeVisible();
    await reader.close();
    expect(errors).toEqual([]);
  });
}
