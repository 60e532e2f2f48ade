// The CSP refuses inline <style> elements (style-src 'self') while the post's own style
// attributes (the editor's fonts, sizes and colours) still apply: no page a reader or an author
// opens trips it, and the visual editor gets its base CSS from a stylesheet.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HIM_EMAIL, PASSWORD, signIn, test } from "./fixtures";

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test.describe("content security policy", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("reader pages and the visual editor run without a single CSP violation; post styles still apply", async ({
    page,
    context,
    server,
    request,
  }) => {
    const login = await request.post(`${server.baseURL}/api/auth/sign-in/email`, {
      data: { email: HIM_EMAIL, password: PASSWORD },
      headers: { origin: server.baseURL },
    });
    expect(login.status()).toBe(200);
    const created = await request.post(`${server.baseURL}/api/posts`, {
      data: {
        author: "him",
        title: unique("Strict policy"),
        content: '<p><span style="font-size: 14pt">Big words</span> and plain ones.</p>',
        hashtags: [],
        images: [],
      },
      headers: { origin: server.baseURL },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };

    const violations = await watchViolations(page);
    for (const path of ["/", "/his-blog", `/post/${post.id}`]) {
      await page.goto(path);
      await expect(page.locator("main h1, main h2").first()).toBeVisible();
    }
    const big = page.getByText("Big words");
    // A style attribute from the post still applies: 14pt is 18.67 CSS pixels.
    await expect(big).toHaveCSS("font-size", "18.6667px");

    await signIn(context, server, HIM_EMAIL);
    await page.goto("/admin");
    const surface = page.getByRole("textbox", { name: "Content" });
    await surface.click();
    await page.keyboard.type("Typing under a strict policy");
    await expect(surface).toContainText("Typing under a strict policy");
    await expect(surface).toHaveCSS("white-space", "break-spaces");
    expect(await violations()).toEqual([]);
  });
});
