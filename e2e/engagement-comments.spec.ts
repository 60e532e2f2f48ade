import type { BlogPost } from "../src/common/types";
import { contextAs, formIsTheApps, holdCommentForm, newReader, publishAs } from "./engagement-helpers";
import { expect, test } from "./fixtures";

test.describe("comments on the post page", () => {
  let post: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    const request = await playwright.request.newContext();
    post = await publishAs(request, server, "him");
    await request.dispose();
  });

  const comments = (page: import("@playwright/test").Page) => page.locator(".comment-list > li");

  test("a visitor sees the empty text and a log-in prompt instead of the form, which returns to the post", async ({
    page,
    accounts,
  }) => {
    const { email, password } = await accounts.ensure("user");
    await page.goto(`/post/${post.id}`);
    await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
    await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
    await expect(page.getByText("Please log in to post a comment", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Add a comment")).toHaveCount(0);
    await page.getByRole("link", { name: "Log In", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(`/post/${post.slug}`)}`));
    // The post page (with its follow box's email field) stays up until the Login page has loaded.
    await expect(page.getByRole("heading", { name: "Login", level: 1 })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${post.slug}$`));
    await expect(page.getByLabel("Add a comment")).toBeVisible();
  });

  test("a signed-in reader gets the comments in the page, and the page asks for them neither after hydration nor after posting", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    // A post of its own: the other tests count this describe's post's comments.
    const post = await publishAs(request, server, "him");
    const { context, page } = await newReader(browser, server, request);
    const first = `Rendered for me ${Math.random().toString(36).slice(2, 8)}`;
    const posted = await context.request.post(`/api/posts/${post.id}/comments`, {
      data: { content: first },
      headers: { origin: server.baseURL },
    });
    expect(posted.status()).toBe(201);
    // The server's HTML already has it, with the writer's own controls: no "Loading comments...".
    const html = await (await context.request.get(`/post/${post.slug}`)).text();
    expect(html).toContain(first);
    expect(html).not.toContain("Loading comments...");

    const listReads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && r.url().includes(`/api/posts/${post.id}/comments`)) listReads.push(r.url());
    });
    await page.goto(`/post/${post.slug}`);
    await expect(
      comments(page).filter({ hasText: first }).getByRole("button", { name: "Edit" }),
    ).toBeVisible();
    const second = `Placed from the answer ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel("Add a comment").fill(second);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments(page).first()).toContainText(second);
    await page.waitForLoadState("networkidle");
    expect(listReads).toEqual([]);
    await context.close();
    await request.dispose();
  });

  test("a reader posts comments: trimmed, refused when blank, shown newest first as plain text", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page, email } = await newReader(browser, server, request);
    await page.goto(`/post/${post.id}`);
    const box = page.getByLabel("Add a comment");

    await box.fill("    ");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert")).toHaveText("Comment cannot be empty");

    // Busy label while the server answers.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(`**/api/posts/${post.id}/comments`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.fallback();
    });
    await box.fill("  First thoughts  ");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("button", { name: "Posting..." })).toBeDisabled();
    release();
    await expect(comments(page).first()).toContainText("First thoughts");
    await expect(box).toHaveValue("");
    // Focus stays in the form, not on <body>.
    await expect(box).toBeFocused();

    await box.fill("<b>not bold</b> & <script>nope</script>");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments(page)).toHaveCount(2);
    const newest = comments(page).first();
    await expect(newest.locator(".comment-content")).toHaveText("<b>not bold</b> & <script>nope</script>");
    await expect(newest.locator("b")).toHaveCount(0);
    await expect(newest.locator(".comment-author")).toHaveText(email.split("@")[0]!);
    await expect(newest.locator("time")).toHaveAttribute("datetime", /\d{4}-\d\d-\d\dT/);
    await expect(comments(page).nth(1)).toContainText("First thoughts");
    await expect(page.getByText("No comments yet. Be the first to comment!")).toHaveCount(0);

    // Another visitor sees them, newest first, without edit buttons.
    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await visitor.goto(`/post/${post.id}`);
    await expect(comments(visitor).first()).toContainText("<b>not bold</b>");
    await expect(visitor.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await visitor.close();
    await context.close();
    await request.dispose();
  });

  test("a comment over 2,000 characters is refused with a clear message and kept whole, not cut", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);
    await page.goto(`/post/${post.id}`);
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/posts/${post.id}/comments`)) posted++;
    });
    const box = page.getByLabel("Add a comment");
    const long = `${"a".repeat(2000)}b`;
    await box.fill(long);
    await expect(box).toHaveValue(long);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert")).toHaveText("Comment is too long (maximum 2,000 characters).");
    await expect(box).toHaveValue(long);
    expect(posted).toBe(0);

    await box.fill("a".repeat(2000));
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(box).toHaveValue("");
    await expect(comments(page).first().locator(".comment-content")).toHaveText("a".repeat(2000));
    await context.close();
    await request.dispose();
  });

  test("a comment typed before the page's script has run is sent whole (no lost input)", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);
    // Hold the comment form's script: the server-rendered form shows, the page is not hydrated yet.
    const release = await holdCommentForm(page);
    await page.goto(`/post/${post.id}`, { waitUntil: "domcontentloaded" });
    const box = page.getByLabel("Add a comment");
    await box.fill("Typed while the page was still loading.");
    release();
    await formIsTheApps(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(box).toHaveValue("");
    await expect(comments(page).first().locator(".comment-content")).toHaveText(
      "Typed while the page was still loading.",
    );
    await context.close();
    await request.dispose();
  });

  test("Post Comment pressed before the comment form's script has arrived keeps the page and the text", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);
    // The page has loaded but the comment form is still the server's markup (its chunk is held).
    const release = await holdCommentForm(page);
    await page.goto(`/post/${post.id}`);
    const box = page.getByLabel("Add a comment");
    await box.fill("Sent on a slow phone.");
    const address = page.url();
    let reloaded = false;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) reloaded = true;
    });
    await page.getByRole("button", { name: "Post Comment" }).click();
    // src/client/public/theme-init.js holds the submit until the app has the form: the text stays.
    await expect(box).toHaveValue("Sent on a slow phone.");
    release();
    await formIsTheApps(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments(page).filter({ hasText: "Sent on a slow phone." })).toHaveCount(1);
    // Never a native submit: the page was not reloaded at any point.
    expect(reloaded).toBe(false);
    expect(page.url()).toBe(address);
    await context.close();
    await request.dispose();
  });

  test("the commenter edits (Save / Cancel) and deletes after confirming", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);
    await page.goto(`/post/${post.id}`);
    await page.getByLabel("Add a comment").fill("Typo heer");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const mine = comments(page).filter({ hasText: "Typo heer" });
    await expect(mine).toHaveCount(1);

    await mine.getByRole("button", { name: "Edit" }).click();
    const editBox = page.getByLabel("Edit comment");
    await expect(editBox).toHaveValue("Typo heer");
    await editBox.fill("changed my mind");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(editBox).toHaveCount(0);
    await expect(comments(page).filter({ hasText: "Typo heer" })).toHaveCount(1);

    await mine.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Edit comment").fill("Typo here, fixed");
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/comments/*", async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.fallback();
    });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    const edited = comments(page).filter({ hasText: "Typo here, fixed" });
    await expect(edited).toHaveCount(1);
    await expect(page.getByLabel("Edit comment")).toHaveCount(0);

    page.once("dialog", (d) => {
      expect(d.type()).toBe("confirm");
      expect(d.message()).toBe("Are you sure you want to delete this comment?");
      void d.dismiss();
    });
    await edited.getByRole("button", { name: "Delete" }).click();
    await expect(edited).toHaveCount(1);

    page.once("dialog", (d) => void d.accept());
    await edited.getByRole("button", { name: "Delete" }).click();
    await expect(comments(page).filter({ hasText: "Typo here, fixed" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Comments" })).toBeVisible();
    await expect(comments(page).filter({ hasText: "Typo here, fixed" })).toHaveCount(0);
    await context.close();
    await request.dispose();
  });

  test("by keyboard, focus returns to Edit after Cancel or Save, and to the Comments heading after a delete", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);
    await page.goto(`/post/${post.id}`);
    await formIsTheApps(page);
    await page.getByLabel("Add a comment").fill("Keyboard only");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const mine = comments(page).filter({ hasText: "Keyboard only" });
    await expect(mine).toHaveCount(1);

    const edit = mine.getByRole("button", { name: "Edit" });
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Edit comment")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(edit).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.type(", twice");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const edited = comments(page).filter({ hasText: "Keyboard only, twice" });
    await expect(edited.locator(".comment-content")).toBeVisible();
    await expect(edited.getByRole("button", { name: "Edit" })).toBeFocused();

    page.once("dialog", (d) => void d.accept());
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(edited).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Comments" })).toBeFocused();
    await context.close();
    await request.dispose();
  });

  test("only the commenter and the post's author see Edit and Delete", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const writer = await newReader(browser, server, request);
    await writer.page.goto(`/post/${post.id}`);
    await writer.page.getByLabel("Add a comment").fill("Whose buttons?");
    await writer.page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments(writer.page).filter({ hasText: "Whose buttons?" })).toHaveCount(1);

    const other = await newReader(browser, server, request);
    await other.page.goto(`/post/${post.id}`);
    const seenByOther = comments(other.page).filter({ hasText: "Whose buttons?" });
    await expect(seenByOther).toHaveCount(1);
    // Everyone signed in may reply; only Edit and Delete are the writer's and the post author's.
    await expect(seenByOther.getByRole("button", { name: "Reply" })).toBeVisible();
    await expect(seenByOther.getByRole("button", { name: /^(Edit|Delete)$/ })).toHaveCount(0);

    const her = await contextAs(browser, server, "her@duet.local");
    await her.page.goto(`/post/${post.id}`);
    const seenByHer = comments(her.page).filter({ hasText: "Whose buttons?" });
    await expect(seenByHer).toHaveCount(1);
    await expect(seenByHer.getByRole("button", { name: /^(Edit|Delete)$/ })).toHaveCount(0);
    // An author's own comment carries the author badge (from her account); a reader's never does.
    await her.page.getByLabel("Add a comment").fill("A word from the author");
    await her.page.getByRole("button", { name: "Post Comment" }).click();
    const fromHer = comments(her.page).filter({ hasText: "A word from the author" });
    await expect(fromHer.locator(".comment-badge")).toHaveText("Author");
    await expect(seenByHer.locator(".comment-badge")).toHaveCount(0);

    // 'him' wrote the post: he may edit and delete any comment on it.
    const him = await contextAs(browser, server, "him@duet.local");
    await him.page.goto(`/post/${post.id}`);
    const seenByHim = comments(him.page).filter({ hasText: "Whose buttons?" });
    await seenByHim.getByRole("button", { name: "Edit" }).click();
    await him.page.getByLabel("Edit comment").fill("Moderated by the author");
    await him.page.getByRole("button", { name: "Save" }).click();
    const moderated = comments(him.page).filter({ hasText: "Moderated by the author" });
    await expect(moderated).toHaveCount(1);
    him.page.once("dialog", (d) => void d.accept());
    await moderated.getByRole("button", { name: "Delete" }).click();
    await expect(moderated).toHaveCount(0);

    for (const c of [writer.context, other.context, her.context, him.context]) await c.close();
    await request.dispose();
  });

  test("failures show 'Failed to load / post / update / delete comment'", async ({
    consoleGuard,
    browser,
    server,
    playwright,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: (the server responded with a status of 500|net::ERR_CONNECTION_RESET)/,
      "the test makes loading, posting, updating and deleting comments fail to show SPEC §8's texts",
    );
    const request = await playwright.request.newContext();
    const { context, page } = await newReader(browser, server, request);

    await page.route(`**/api/posts/${post.id}/comments*`, (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
    );
    // The first page of comments comes inlined in the server's HTML: they are fetched when the
    // post is reached inside the app, from another page.
    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    await page.evaluate((to) => {
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `/post/${post.slug}`);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to load comments" })).toBeVisible({
      timeout: 15_000,
    });
    await page.unrouteAll();
    await page.reload();

    await page.getByLabel("Add a comment").fill("Will this work?");
    await page.route(`**/api/posts/${post.id}/comments`, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to post comment");
    await page.unrouteAll();
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments(page).filter({ hasText: "Will this work?" })).toHaveCount(1);
    // The newest comment is mine (while it is being edited its text sits in the edit box).
    const mine = comments(page).first();
    await expect(mine).toContainText("Will this work?");

    await page.route("**/api/comments/*", (route) => route.abort("connectionreset"));
    await mine.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Edit comment").fill("Edited?");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(mine.getByRole("alert")).toHaveText("Failed to update comment");
    await page.getByRole("button", { name: "Cancel" }).click();

    page.once("dialog", (d) => void d.accept());
    await mine.getByRole("button", { name: "Delete" }).click();
    await expect(mine.getByRole("alert")).toHaveText("Failed to delete comment");
    await expect(comments(page).filter({ hasText: "Will this work?" })).toHaveCount(1);
    await context.close();
    await request.dispose();
  });
});
