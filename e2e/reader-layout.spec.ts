import { expect, test } from "./fixtures";

test.describe("navbar, footer and theme", () => {
  test("the navbar shows the site title, the search box, His Blog, Her Blog, Contact, the theme switch and Login in order", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The app renders after its chunk loads: read the order once the last item is there.
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    const names = await nav
      .locator("a, button")
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null)
          .map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim()),
      );
    // The search box (its button is named 'Search') sits between the title and the links.
    expect(names).toEqual(["Duet", "Search", "His Blog", "Her Blog", "Contact", "Dark theme", "Login"]);
    await expect(nav.getByRole("link", { name: "Duet" })).toHaveAttribute("href", "/");
  });

  test("the footer shows the current year and the two placeholder pages", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Duet`);
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test("the theme starts dark, the switch makes it light, and the choice survives a reload", async ({
    page,
  }) => {
    await page.goto("/");
    const html = page.locator("html");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBg);

    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "Dark theme" }).click();
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
  });

  test("the saved light theme applies before the app renders (no dark flash)", async ({
    consoleGuard,
    page,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test blocks the app's script to look at the page before it runs",
    );
    await page.addInitScript(() => localStorage.setItem("duet-theme", "light"));
    // Without the app bundle only the inlined theme script runs: it alone must set the theme.
    await page.route("**/assets/index-*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    // The app never ran: the switch is still the server's rendering (dark, the default).
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
  });

  test("a first visit paints the whole page at once, already in the saved theme", async ({ page }) => {
    // Every frame before the page is complete is recorded: a light-theme reader never sees a dark
    // frame, and the navbar never stands alone over an empty page while the page's code loads.
    await page.addInitScript(() => {
      localStorage.setItem("duet-theme", "light");
      const frames: Array<{ theme: string | null; navbar: boolean; main: boolean }> = [];
      (window as unknown as { frames_: typeof frames }).frames_ = frames;
      const tick = () => {
        const frame = {
          theme: document.documentElement.getAttribute("data-theme"),
          navbar: !!document.querySelector("header.navbar"),
          main: !!document.querySelector("main h1"),
        };
        frames.push(frame);
        if (!frame.main && frames.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    for (const path of ["/", "/his-blog", "/tags/travel"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const frames = await page.evaluate(
        () =>
          (window as unknown as { frames_: Array<{ theme: string; navbar: boolean; main: boolean }> })
            .frames_,
      );
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((f) => f.theme !== "light")).toEqual([]);
      expect(frames.filter((f) => f.navbar && !f.main)).toEqual([]);
    }
  });

  test("a page whose code can't be fetched says so and offers a reload", async ({ consoleGuard, page }) => {
    consoleGuard.allow(
      /^(Failed to load resource: net::ERR_FAILED|TypeError: Failed to fetch dynamically imported module)/,
      "the test blocks the page's code to show the reload offer",
    );
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.route("**/assets/contact-*.js", (route) => route.abort());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "This page could not be loaded" }),
    ).toBeVisible();
    await page.unroute("**/assets/contact-*.js");
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "This page could not be loaded" })).toHaveCount(
      0,
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the navbar gets the scrolled look after more than 10 px of scroll", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 400 });
    await page.goto("/");
    const bar = page.locator("header.navbar");
    // Scrolling needs the page's content to be there.
    await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
    await expect(bar).not.toHaveClass(/\bscrolled\b/);
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    await expect(bar).not.toHaveClass(/\bscrolled\b/);
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(bar).toHaveClass(/\bscrolled\b/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).not.toHaveClass(/\bscrolled\b/);
  });

  test("at 375 px the menu hides behind the hamburger, which opens and closes it", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/");
    const hamburger = page.getByRole("button", { name: "Menu" });
    const his = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "His Blog" });
    await expect(hamburger).toBeVisible();
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
    await expect(his).toBeHidden();

    await hamburger.click();
    await expect(hamburger).toHaveAttribute("aria-expanded", "true");
    const menuId = await hamburger.getAttribute("aria-controls");
    await expect(page.locator(`#${menuId}`)).toBeVisible();
    await expect(his).toBeVisible();

    // Picking a page closes the menu.
    await his.click();
    await expect(page).toHaveURL(/\/his-blog$/);
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
    await expect(his).toBeHidden();

    // Escape closes it too, and focus returns to the hamburger.
    await hamburger.click();
    await expect(his).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(hamburger).toHaveAttribute("aria-expanded", "false");
    await expect(his).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test("on a wide screen there is no hamburger and the links show", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Her Blog" }),
    ).toBeVisible();
  });

  test("keyboard users can reach the links and see where focus is", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toHaveText("Duet");
    const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
  });
});

test.describe("home page", () => {
  test("shows the hero, the two featured cards and About Us with 'Get in Touch'", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.getByRole("region", { name: "Our blogs" });
    await expect(cards.getByRole("link", { name: /His Blog/ })).toHaveAttribute("href", "/his-blog");
    await expect(cards.getByRole("link", { name: /Her Blog/ })).toHaveAttribute("href", "/her-blog");
    await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
    await page.getByRole("link", { name: "Get in Touch" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("an unknown address shows a not-found page", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
