// Public pages are rendered on the server (readable with JavaScript off) and hydrated
// without a mismatch.
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { unique } from "./engagement-helpers";
import { createAccount, expect, PASSWORD, test } from "./fixtures";
import { authorClient, pngImage } from "./reader-helpers";

let post: BlogPost;
let herPost: BlogPost;
const tag = `ssr${Date.now().toString(36)}`;
const commentText = unique("A comment for readers without JavaScript");

test.beforeAll(async ({ server, accounts, playwright }) => {
  await accounts.ensure("him");
  await accounts.ensure("her");
  const request = await playwright.request.newContext();
  const him = await authorClient(request, server, "him");
  const image = await him.upload("sea.png", await pngImage(120, 80, "#3a6ea5"));
  post = await him.publish({
    title: unique("Server rendered"),
    content: `<p>Rendered before any script runs.</p><img class="post-image post-image--center post-image--medium" src="${image}" alt="The sea" data-image-id="a">`,
    hashtags: [tag, "sea"],
    images: [{ id: "a", url: image, position: "center", size: "medium", pairedWith: null }],
    imageUrl: image,
  });
  const herRequest = await playwright.request.newContext();
  herPost = await (await authorClient(herRequest, server, "her")).publish({
    title: unique("Her rendered post"),
    content: "<p>Hers.</p>",
  });
  const reader = await playwright.request.newContext();
  const { email } = await createAccount(reader, server);
  const login = await reader.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.baseURL },
  });
  expect(login.status()).toBe(200);
  const res = await reader.post(`${server.baseURL}/api/posts/${post.id}/comments`, {
    data: { content: commentText },
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  for (const r of [request, herRequest, reader]) await r.dispose();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows the hero, the featured cards and About Us", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");
    await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get in Touch" })).toBeVisible();
  });

  test("his blog lists his posts", async ({ page }) => {
    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    await expect(page.getByRole("link", { name: post.title })).toHaveAttribute("href", `/post/${post.slug}`);
    await expect(page.getByText(herPost.title)).toHaveCount(0);
  });

  test("a post shows its text, image, hashtags and comments", async ({ page }) => {
    await page.goto(`/post/${post.id}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByText("Rendered before any script runs.")).toBeVisible();
    const image = page.locator(".post-content img");
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: `#${tag}` })).toHaveAttribute("href", `/tags/${tag}`);
    await expect(page.locator(".comment-content")).toHaveText(commentText);
    await expect(page.getByText("Please log in to post a comment")).toBeVisible();
  });

  test("a tag page lists the tagged posts", async ({ page }) => {
    await page.goto(`/tags/${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: `Posts tagged #${tag}` })).toBeVisible();
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    await page.goto("/tags/no-such-tag-anywhere");
    await expect(
      page.getByRole("heading", { level: 1, name: "No posts found with #no-such-tag-anywhere" }),
    ).toBeVisible();
  });

  test("an unknown post says 'Post not found', an unknown address 'Page not found'", async ({ page }) => {
    const res = await page.goto("/post/00000000-0000-4000-8000-000000000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await page.goto("/nowhere/at-all");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("the sign-in pages show their forms", async ({ page }) => {
    for (const [path, heading] of [
      ["/login", "Login"],
      ["/register", "Create Account"],
      ["/forgot-password", "Reset Password"],
      ["/contact", "Get in Touch"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });
});

/** Console errors and page errors (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    // A 404 the page asked for on purpose (the not-found page, another test's missing image) is
    // logged by the browser as a failed resource: not the app's error.
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
      errors.push(`${msg.location().url}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const theme of ["dark", "light"] as const) {
  test(`every public page hydrates without an error (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
    const errors = collectErrors(page);
    const paths = [
      "/",
      "/his-blog",
      "/her-blog",
      `/post/${post.id}`,
      `/post/${herPost.id}`,
      `/tags/${tag}`,
      "/contact",
      "/login",
      "/register",
      "/forgot-password",
      "/post",
      "/nowhere",
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      // Hydrated: the theme switch answers.
      await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute(
        "aria-pressed",
        theme === "dark" ? "true" : "false",
      );
    }
    expect(errors).toEqual([]);
  });
}
