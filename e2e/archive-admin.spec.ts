import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createAccount, expect, HIM_EMAIL, signIn, startServer, test } from "./fixtures";

// Two servers of their own: the blog exported, and an empty blog to import it into.
test("an author exports the blog with a progress bar and imports it into an empty blog", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const from = await startServer();
  const to = await startServer();
  const request = await playwright.request.newContext();
  try {
    await createAccount(request, from.server, { email: HIM_EMAIL, name: "him" });
    await createAccount(request, to.server, { email: HIM_EMAIL, name: "him" });

    const a = await browser.newContext({ baseURL: from.server.baseURL, acceptDownloads: true });
    await signIn(a, from.server, HIM_EMAIL);
    const created = await a.request.post("/api/posts", {
      data: {
        title: "Moved with us",
        author: "him",
        content: "<p>Every word comes along.</p>",
        hashtags: ["moving"],
      },
      headers: { origin: from.server.baseURL },
    });
    expect(created.status()).toBe(201);
    const page = await a.newPage();
    await page.goto("/admin/export");
    const panel = page.getByRole("region", { name: "Your blog's archive" });
    // The button says it takes only the exporting author's blog.
    await expect(panel).toContainText("Download your own blog as one file");
    await expect(panel).toContainText("The other author's blog is not in it");
    const downloading = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Export" }).click();
    const download = await downloading;
    await expect(panel.getByRole("status")).toHaveText(
      /^Downloaded duet-export-\d{4}-\d{2}-\d{2}\.tar\.gz\.$/,
    );
    const file = await download.path();
    // A tar inside gzip, starting with the archive's header entry.
    expect(gunzipSync(readFileSync(file)).subarray(0, 17).toString()).toBe("duet-archive.json");

    const b = await browser.newContext({ baseURL: to.server.baseURL });
    await signIn(b, to.server, HIM_EMAIL);
    const target = await b.newPage();
    await target.goto("/admin/export");
    const importPanel = target.getByRole("region", { name: "Your blog's archive" });
    await importPanel.getByLabel("Archive file (.tar.gz)").setInputFiles(file);
    await importPanel.getByRole("button", { name: "Import" }).click();
    await expect(importPanel.getByRole("status")).toHaveText("Imported 1 posts, 0 comments and 0 images.");
    await target.goto("/his-blog");
    await expect(target.getByRole("link", { name: "Moved with us" }).first()).toBeVisible();

    // The blog has posts now: a second import is refused with the server's message.
    await target.goto("/admin/export");
    await importPanel.getByLabel("Archive file (.tar.gz)").setInputFiles(file);
    await importPanel.getByRole("button", { name: "Import" }).click();
    await expect(importPanel.getByRole("alert")).toHaveText(
      "This blog already has posts: an archive can only be imported into an empty blog.",
    );
    await a.close();
    await b.close();
  } finally {
    await request.dispose();
    await from.stop();
    await to.stop();
  }
});
