import { randomUUID } from "node:crypto";
import type { BlogPost } from "../src/common/types";
import { expect, test } from "./fixtures";
import { authorClient, pngImage } from "./reader-helpers";

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** Client-side navigation, so the page fetches the post instead of using inlined data. */
async function navigateInApp(page: import("@playwright/test").Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ idx: 1, key: "e2e", usr: null }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

test.describe("the post page", () => {
  let himPost: BlogPost;
  let herPost: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    const himRequest = await playwright.request.newContext();
    const herRequest = await playwright.request.newContext();
    const him = await authorClient(himRequest, server, "him");
    const her = await authorClient(herRequest, server, "her");
    const a = await him.upload("a.png", await pngImage(80, 60, "#3a6ea5"));
    const b = await him.upload("b.png", await pngImage(80, 60, "#a53a6e"));
    const c = await him.upload("c.png", await pngImage(80, 60, "#6ea53a"));
    himPost = await him.publish({
      title: unique("A walk by the sea"),
      content:
        `<h2>The shore</h2><p>We walked <strong>all</strong> day. <span style="color: navy">Blue</span> everywhere.</p>` +
        `<img class="post-image post-image--left post-image--small" src="${a}" alt="Sea" data-image-id="a">` +
        `<div class="image-pair" data-pair="b c"><img class="post-image post-image--center post-image--medium" src="${b}" alt="Left" data-image-id="b"><img class="post-image post-image--center post-image--medium" src="${c}" alt="Right" data-image-id="c"></div>` +
        `<blockquote>The sea was calm.</blockquote>`,
      hashtags: ["sea", "walks"],
      images: [
        { id: "a", url: a, position: "left", size: "small", pairedWith: null },
        { id: "b", url: b, position: "center", size: "medium", pairedWith: "c" },
        { id: "c", url: c, position: "center", size: "medium", pairedWith: "b" },
      ],
    });
    const herFirst = await her.publish({
      title: unique("Her garden"),
      content: "<p>Roses and more.</p>",
      hashtags: ["garden"],
    });
    herPost = await her.edit(herFirst.id, { content: "<p>Roses and more, now with tulips.</p>" });
    await himRequest.dispose();
    await herRequest.dispose();
  });

  test("a deep link loads the post directly, with its title in <title>", async ({ page }) => {
    await page.goto(`/post/${himPost.id}`);
    await expect(page.getByRole("heading", { level: 1, name: himPost.title })).toBeVisible();
    await expect(page).toHaveTitle(`${himPost.title} - Duet Blog`);
    const article = page.getByRole("article");
    await expect(article).toContainText("By Him");
    await expect(article.locator(".post-meta time").first()).toHaveText(
      new Date(himPost.date).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }),
    );
    await expect(article.getByRole("heading", { level: 2, name: "The shore" })).toBeVisible();
    await expect(article.locator("strong", { hasText: "all" })).toBeVisible();
    await expect(article.locator("blockquote")).toHaveText("The sea was calm.");
    await expect(article.getByText("0 likes")).toBeVisible();
    await expect(article).not.toContainText("Updated");
    // His posts have no sidebar.
    await expect(page.getByRole("complementary", { name: "Pinterest board" })).toHaveCount(0);
  });

  test("images are laid out by position and size, and a pair sits side by side", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/post/${himPost.id}`);
    const single = page.locator('.post-content img[data-image-id="a"]');
    await expect(single).toBeVisible();
    expect(await single.evaluate((el) => getComputedStyle(el).float)).toBe("left");
    const content = await page.locator(".post-content").boundingBox();
    const singleBox = await single.boundingBox();
    expect(singleBox!.width).toBeLessThan(content!.width * 0.4);

    const left = await page.locator('.image-pair img[data-image-id="b"]').boundingBox();
    const right = await page.locator('.image-pair img[data-image-id="c"]').boundingBox();
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);

    // On a phone the pair stays one row (stacked, two portrait images outgrew the screen).
    await page.setViewportSize({ width: 375, height: 800 });
    const l2 = await page.locator('.image-pair img[data-image-id="b"]').boundingBox();
    const r2 = await page.locator('.image-pair img[data-image-id="c"]').boundingBox();
    expect(Math.abs(l2!.y - r2!.y)).toBeLessThan(2);
    expect(r2!.x).toBeGreaterThan(l2!.x + l2!.width - 1);
  });

  test("a coloured word stays readable in both themes (navy is lightened on the dark background)", async ({
    page,
  }) => {
    const navy = "rgb(0, 0, 128)";
    const span = page.locator('.post-content span[style*="navy"]');
    await page.goto(`/post/${himPost.id}`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(span).toHaveText("Blue");
    const dark = await span.evaluate((el) => getComputedStyle(el).color);
    expect(dark).not.toBe(navy);
    // Still a blue: the author's choice of hue is kept.
    const [r, g, b] = dark.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(b).toBeGreaterThan(Math.max(r, g));
    await page.getByRole("button", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await span.evaluate((el) => getComputedStyle(el).color)).toBe(navy);
  });

  test("an image in the content whose file is gone is hidden, the text stays", async ({
    page,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const him = await authorClient(request, server, "him");
    const post = await him.publish({
      title: unique("Lost picture"),
      content:
        '<p>Before the picture.</p><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_gone.png" alt="Gone" data-image-id="g"><p>After the picture.</p>',
      images: [
        {
          id: "g",
          url: "/uploads/blog-images/1_gone.png",
          position: "center",
          size: "medium",
          pairedWith: null,
        },
      ],
    });
    await request.dispose();
    await page.goto(`/post/${post.id}`);
    await expect(page.getByText("After the picture.")).toBeVisible();
    const img = page.locator('.post-content img[data-image-id="g"]');
    await expect(img).toHaveAttribute("hidden", "");
    await expect(img).toBeHidden();
  });

  test("hashtags link to their tag pages", async ({ page }) => {
    await page.goto(`/post/${himPost.id}`);
    const tags = page.getByRole("list", { name: "Hashtags" });
    await expect(tags.getByRole("link")).toHaveText(["#sea", "#walks"]);
    await tags.getByRole("link", { name: "#sea" }).click();
    await expect(page).toHaveURL(/\/tags\/sea$/);
    await expect(page.getByRole("heading", { level: 1, name: "Posts tagged #sea" })).toBeVisible();
    await expect(page.getByRole("link", { name: himPost.title })).toBeVisible();
  });

  test("the share button opens the X intent in a popup with the post URL, title and hashtags", async ({
    page,
    server,
  }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { __opened: unknown[][] }).__opened = calls;
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });
    await page.goto(`/post/${himPost.id}`);
    // Content images have no intrinsic size yet, so the layout moves while they load: click once it has settled.
    await expect
      .poll(() =>
        page.locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
      )
      .toBe(true);
    await page.getByRole("link", { name: /Share on X/ }).click();
    const calls = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);
    expect(calls).toHaveLength(1);
    const [url, name, features] = calls[0]!;
    expect(name).toBe("share");
    expect(features).toBe("width=550,height=420");
    const intent = new URL(url!);
    expect(`${intent.origin}${intent.pathname}`).toBe("https://twitter.com/intent/tweet");
    // Shared by its slug address (docs/decisions/0033-post-addresses.md).
    expect(intent.searchParams.get("url")).toBe(`${server.baseURL}/post/${himPost.slug}`);
    expect(intent.searchParams.get("text")).toBe(himPost.title);
    expect(intent.searchParams.get("hashtags")).toBe("sea,walks");
    // The page itself stays where it was.
    await expect(page).toHaveURL(new RegExp(`/post/${himPost.slug}$`));
  });

  test("the share button really opens a popup window", async ({ page, context }) => {
    await context.route("https://twitter.com/**", (route) => route.fulfill({ status: 200, body: "intent" }));
    await page.goto(`/post/${himPost.id}`);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: /Share on X/ }).click(),
    ]);
    await popup.waitForLoadState();
    const intent = new URL(popup.url());
    expect(intent.hostname).toBe("twitter.com");
    expect(intent.searchParams.get("text")).toBe(himPost.title);
    await popup.close();
  });

  test("her posts show the sidebar, and an edited post says when it was updated", async ({ page }) => {
    await page.goto(`/post/${herPost.id}`);
    await expect(page.getByRole("heading", { level: 1, name: herPost.title })).toBeVisible();
    await expect(page.getByText("Roses and more, now with tulips.")).toBeVisible();
    const updated = new Date(herPost.lastUpdated!).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    await expect(page.locator(".post-updated")).toHaveText(`Updated ${updated}`);
    await expect(page.getByRole("complementary", { name: "Pinterest board" })).toBeVisible();
  });

  test("'← Back' returns to the list the reader came from", async ({ page }) => {
    await page.goto("/her-blog");
    await page.getByRole("link", { name: herPost.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: herPost.title })).toBeVisible();
    // The title follows client-side navigation too.
    await expect(page).toHaveTitle(`${herPost.title} - Duet Blog`);
    await page.getByRole("button", { name: "← Back" }).click();
    await expect(page).toHaveURL(/\/her-blog$/);
  });

  test("'← Back' on a deep link goes to the author's blog", async ({ page }) => {
    await page.goto(`/post/${himPost.id}`);
    await page.getByRole("button", { name: "← Back" }).click();
    await expect(page).toHaveURL(/\/his-blog$/);
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
  });

  test("an unknown post says 'Post not found' with '← Go back'", async ({ page }) => {
    await page.goto(`/post/${randomUUID()}`);
    await expect(page.getByText("Post not found", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "← Go back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a malformed post id also says 'Post not found'", async ({ page }) => {
    await page.goto("/post/not-a-real-id");
    await expect(page.getByText("Post not found", { exact: true })).toBeVisible();
  });

  test("/post without an id says 'Post ID is missing' with '← Go back'", async ({ page }) => {
    await page.goto("/post");
    await expect(page.getByText("Post ID is missing", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Post ID is missing - Duet Blog");
    await expect(page.getByRole("button", { name: "← Go back" })).toBeVisible();
  });

  test("a server failure says 'Error loading post' with '← Go back'", async ({ consoleGuard, page }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test blocks the post API to show 'Error loading post'",
    );
    await page.goto("/");
    await page.route("**/api/posts/**", (route) => route.abort());
    await navigateInApp(page, `/post/${herPost.id}`);
    await expect(page.getByText("Error loading post", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle("Error loading post - Duet Blog");
    await page.getByRole("button", { name: "← Go back" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the browser sanitises content again: scripts, handlers and foreign images never reach the page", async ({
    consoleGuard,
    page,
  }) => {
    consoleGuard.allow(
      /^Executing inline event handler violates the following Content Security Policy directive/,
      "DOMPurify parses the hostile handler while removing it and the CSP refuses it: the defence in depth this test is about",
    );
    // A response that did not come through the server's sanitiser (an old row, a compromised proxy).
    const evil: BlogPost = {
      ...herPost,
      content:
        '<p onclick="window.__pwned=1">Safe text</p><script>window.__pwned=2</script>' +
        '<img src="x" onerror="window.__pwned=3"><img src="https://evil.example/t.png">' +
        '<a href="javascript:window.__pwned=4">click</a><iframe src="https://evil.example"></iframe>' +
        '<span style="color: navy; position: fixed">styled</span>',
    };
    await page.goto("/");
    // The page asks for the post by its address (slug), then keeps it under its id.
    await page.route(`**/api/posts/${herPost.id}`, (route) => route.fulfill({ json: evil }));
    await page.route(`**/api/posts/by-slug/**`, (route) => route.fulfill({ json: evil }));
    await navigateInApp(page, `/post/${herPost.id}`);
    const content = page.locator(".post-content");
    await expect(content).toContainText("Safe text");
    expect(await content.innerHTML()).not.toMatch(
      /onclick|onerror|script|iframe|javascript:|evil\.example|position/,
    );
    await expect(content.locator("span")).toHaveAttribute("style", "color: navy");
    await page.getByText("click", { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
