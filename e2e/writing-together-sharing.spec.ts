// Draft sharing (docs/decisions/0050-draft-sharing.md): the owner of a draft post shares it with
// the other author, both type in the same paragraph at once and converge character by character;
// then the owner stops sharing and the partner is put out of the editor.
import type { Page } from "@playwright/test";
import { unique } from "./engagement-helpers";
import { expect, HER_EMAIL, HIM_EMAIL, signIn, test } from "./fixtures";
import { authorClient } from "./reader-helpers";
import { openAtEnd, START, typeTogether } from "./writing-together-helpers";

test.describe("writing a shared draft together", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
  });

  test("the owner shares a draft, both type at once and converge, then stopping puts the partner out", async ({
    context,
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    const author = await authorClient(context.request, server, "him");
    const title = unique("Shared draft");
    const post = await author.publish({ title, content: `<p>${START}</p>`, status: "draft" });
    await signIn(context, server, HIM_EMAIL);
    const herContext = await browser.newContext({ baseURL: server.baseURL });
    await signIn(herContext, server, HER_EMAIL);
    const her = await herContext.newPage();

    // Before the share, his draft is not hers to open.
    const before = await herContext.request.get(`${server.baseURL}/api/posts/${post.id}`);
    expect(before.status()).toBe(404);

    // He shares it from the post's page.
    const preview = await context.newPage();
    await preview.goto(`/post/${post.slug}`);
    await preview.getByRole("button", { name: /^Share with / }).click();
    await expect(preview.getByRole("status").filter({ hasText: /^Shared with / })).toBeVisible();
    await expect(preview.getByRole("button", { name: "Stop sharing" })).toBeVisible();

    // She finds it in her studio, under "Shared with you", and opens it in the editor.
    await her.goto("/admin/posts");
    const shared = her.getByRole("region", { name: /^Shared with you/ });
    await expect(shared.getByRole("link", { name: `Edit ${title}` })).toBeVisible();

    const field = (p: Page) => p.getByRole("textbox", { name: "Content" });
    const him = await context.newPage();
    await openAtEnd(him, `/post/${post.slug}?edit=1`, field);
    await openAtEnd(her, `/post/${post.slug}?edit=1`, field);
    // Hers is a shared draft: written together, never published from her side.
    await expect(her.getByText(/Your partner's draft, shared with you/)).toBeVisible();
    await expect(her.getByRole("button", { name: "Publish now" })).toHaveCount(0);
    const people = (p: Page) => p.getByRole("list", { name: "In this document" }).getByRole("listitem");
    await expect(people(him)).toHaveText(["Him (you)", "Her"]);
    await expect(people(her)).toHaveText(["Her (you)", "Him"]);

    const merged = await typeTogether(him, her);
    await expect(him.locator(".collab-caret", { hasText: "Her" })).toBeVisible();
    // Her save goes through the usual route and keeps the room (a save from the session).
    await her.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(
        async () =>
          (await (await context.request.get(`${server.baseURL}/api/posts/${post.id}`)).json()).content,
      )
      .toContain(merged);

    // He stops sharing: her editor closes on her, his goes on.
    await preview.reload();
    await preview.getByRole("button", { name: "Stop sharing" }).click();
    await expect(preview.getByRole("button", { name: /^Share with / })).toBeVisible();
    await expect(her.getByRole("alert").filter({ hasText: "stopped sharing it with you" })).toBeVisible();
    await expect(field(her)).toHaveCount(0);
    await expect(him.getByRole("status").filter({ hasText: "Live:" })).toBeVisible();
    const after = await herContext.request.get(`${server.baseURL}/api/posts/${post.id}`);
    expect(after.status()).toBe(404);
    await her.goto("/admin/posts");
    await expect(her.getByRole("region", { name: /^Shared with you/ })).toHaveCount(0);
    await herContext.close();
  });
});
