import { createAccount, expect, HIM_EMAIL, startServer, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

// Lists are walkable without JavaScript: 'Load more' is a link to the next older page
// (`?cursor=`), rendered by the server, so crawlers and no-JS readers reach every post.
test("with JavaScript off, his blog and a tag page walk page by page to the oldest post", async ({
  browser,
  playwright,
}) => {
  // Its own server and 30 posts published through the API before the walk.
  test.setTimeout(120_000);
  const { server, stop } = await startServer();
  try {
    const request = await playwright.request.newContext();
    await createAccount(request, server, { email: HIM_EMAIL, name: "him" });
    const him = await authorClient(request, server, "him");
    for (let i = 1; i <= 30; i++) {
      await him.publish({ title: `Walk post ${i}`, content: `<p>Step ${i}</p>`, hashtags: ["walk"] });
    }
    await request.dispose();

    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const start of ["/his-blog", "/tags/walk"]) {
      await page.goto(start);
      const seen: string[] = [];
      for (let pages = 1; ; pages++) {
        const titles = await page.locator(".post-card-title").allTextContents();
        expect(titles.length, `page ${pages} of ${start}`).toBeGreaterThan(0);
        seen.push(...titles.map((t) => t.trim()));
        const more = page.getByRole("link", { name: "Load more" });
        if ((await more.count()) === 0) break;
        expect(await more.getAttribute("href")).toMatch(/^\?cursor=/);
        await more.click();
        await expect(page).toHaveURL(new RegExp(`${start}\\?cursor=`));
      }
      // Every post once, newest first, over three pages of 12.
      expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `Walk post ${30 - i}`));
    }
    await context.close();
  } finally {
    await stop();
  }
});
