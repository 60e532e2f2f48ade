import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { createAccount, type DuetServer, expect, HER_EMAIL, HIM_EMAIL, PASSWORD, signIn } from "./fixtures";

export const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** Publish a post through the real authoring API, signed in as its author. */
export async function publishAs(
  request: APIRequestContext,
  server: DuetServer,
  author: "him" | "her",
  title = unique("Engagement post"),
): Promise<BlogPost> {
  const email = author === "him" ? HIM_EMAIL : HER_EMAIL;
  const login = await request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: server.baseURL },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.post(`${server.baseURL}/api/posts`, {
    data: { author, title, content: "<p>Something worth talking about.</p>", hashtags: [], images: [] },
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as BlogPost;
}

/** A new browser context signed in as a fresh reader; returns the page and the email. */
export async function newReader(
  browser: Browser,
  server: DuetServer,
  request: APIRequestContext,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { email } = await createAccount(request, server);
  const context = await browser.newContext({ baseURL: server.baseURL });
  await signIn(context, server, email);
  return { context, page: await context.newPage(), email };
}

/** A browser context signed in as an existing account. */
export async function contextAs(browser: Browser, server: DuetServer, email: string) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await signIn(context, server, email);
  return { context, page: await context.newPage() };
}

/** Hold the comment form's script (the signed-in chunk) until the returned function is called. */
export async function holdCommentForm(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/signed-in-parts-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * Wait until the comment form is the app's (hydrated), not the server's markup: before that,
 * public/theme-init.js holds a submit (the text stays; the press does nothing yet).
 */
export async function formIsTheApps(page: Page) {
  await page.waitForFunction(() => {
    const area = document.querySelector("textarea");
    return !!area && Object.keys(area).some((key) => key.startsWith("__reactFiber"));
  });
}
