// Axe-core finds no violation on any public page of SPEC §2, in both themes, with real
// content (posts of both authors with images and hashtags, comments and a reply), for a visitor
// and for a signed-in reader.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { createAccount, expect, signIn, test } from "./fixtures";
import { pageSettled } from "./page-settled";
import { authorClient, pngImage } from "./reader-helpers";

const THEMES = ["dark", "light"] as const;

async function expectNoViolations(page: Page, path: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.passes.length, `axe checked ${path}`).toBeGreaterThan(10);
  expect(
    results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe("public pages accessibility", () => {
  test.describe.configure({ timeout: 120_000 });
  let himPost: BlogPost;
  let herPost: BlogPost;
  let readerEmail: string;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    const himRequest = await playwright.request.newContext();
    const herRequest = await playwright.request.newContext();
    const him = await authorClient(himRequest, server, "him");
    const her = await authorClient(herRequest, server, "her");
    const a = await him.upload("shore.png", await pngImage(800, 500, "#3a6ea5"));
    const b = await him.upload("left.png", await pngImage(400, 300, "#a53a6e"));
    const c = await him.upload("right.png", await pngImage(400, 300, "#6ea53a"));
    himPost = await him.publish({
      title: "A walk by the sea",
      content:
        `<h2>The shore</h2><p>We walked <strong>all</strong> day, <em>slowly</em>. <span style="color: navy">Blue</span> everywhere.</p>` +
        `<img class="post-image post-image--center post-image--large" src="${a}" alt="The shore at noon" data-image-id="a">` +
        `<div class="image-pair" data-pair="b c"><img class="post-image post-image--center post-image--medium" src="${b}" alt="Left rock" data-image-id="b"><img class="post-image post-image--center post-image--medium" src="${c}" alt="Right rock" data-image-id="c"></div>` +
        `<blockquote>The sea was calm.</blockquote><ul><li>Shells</li><li>Driftwood</li></ul>` +
        `<p>Read more on <a href="https://example.com/tides">the tides</a>.</p>`,
      hashtags: ["sea", "walks"],
      images: [
        { id: "a", url: a, position: "center", size: "large", pairedWith: null },
        { id: "b", url: b, position: "center", size: "medium", pairedWith: "c" },
        { id: "c", url: c, position: "center", size: "medium", pairedWith: "b" },
      ],
      imageUrl: a,
    });
    await him.publish({
      title: "Bread at home",
      content: "<p>Flour, water, salt and time.</p>",
      hashtags: ["sea"],
    });
    herPost = await her.publish({
      title: "Her garden",
      content: "<p>Roses and more, and a long paragraph about the tulips by the wall.</p>",
      hashtags: ["garden", "sea"],
    });

    const readerRequest = await playwright.request.newContext();
    readerEmail = (await createAccount(readerRequest, server, { name: "Reader" })).email;
    const signInRes = await readerRequest.post(`${server.baseURL}/api/auth/sign-in/email`, {
      data: { email: readerEmail, password: "correct-horse-42" },
      headers: { origin: server.baseURL },
    });
    expect(signInRes.status()).toBe(200);
    for (const post of [himPost, herPost]) {
      const res = await readerRequest.post(`${server.baseURL}/api/posts/${post.id}/comments`, {
        data: { content: `What a lovely post about ${post.title.toLowerCase()}.` },
        headers: { origin: server.baseURL },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const himReply = await himRequest.post(`${server.baseURL}/api/posts/${himPost.id}/comments`, {
      data: { content: "Thank you for reading!" },
      headers: { origin: server.baseURL },
    });
    expect(himReply.status(), await himReply.text()).toBe(201);
    await Promise.all([himRequest.dispose(), herRequest.dispose(), readerRequest.dispose()]);
  });

  const pages = () => [
    "/",
    "/his-blog",
    "/her-blog",
    `/post/${himPost.id}`,
    `/post/${herPost.id}`,
    "/tags/sea",
    "/tags/nothing-here",
    "/search?q=walked",
    "/search?q=nothingmatcheshere",
    "/contact",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
    "/privacy",
    "/no-such-page",
    "/post",
    "/post/00000000-0000-0000-0000-000000000000",
  ];

  for (const theme of THEMES) {
    test(`axe: every public page, for a visitor, has no violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
      for (const path of pages()) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Comments, list cards and images have arrived where the page has them.
        await pageSettled(page);
        await expectNoViolations(page, path);
      }
    });

    test(`axe: a post and its comments for a signed-in reader, and phone-sized pages with the menu open (${theme})`, async ({
      page,
      context,
      server,
    }) => {
      await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
      await signIn(context, server, readerEmail);
      await page.goto(`/post/${himPost.id}`);
      await expect(page.getByRole("button", { name: "Post Comment" })).toBeVisible();
      await expect(page.getByText("Thank you for reading!")).toBeVisible();
      await pageSettled(page);
      await expectNoViolations(page, `/post/${himPost.id} (signed in)`);

      await page.setViewportSize({ width: 360, height: 780 });
      for (const path of ["/", `/post/${himPost.id}`, "/search?q=walked"]) {
        await page.goto(path);
        await pageSettled(page);
        await expectNoViolations(page, `${path} (360px)`);
      }
      await page.goto("/his-blog");
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("link", { name: "Her Blog" })).toBeVisible();
      await expectNoViolations(page, "/his-blog (menu open, 360px)");
    });
  }
});
