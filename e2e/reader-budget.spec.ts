// Issue 2: the reader's first load of /his-blog downloads at most 120 KB of compressed JavaScript;
// the editor and admin code are separate chunks it never fetches.
import { expect, test } from "./fixtures";

const BUDGET = 120 * 1024;

test("a first visit to /his-blog downloads at most 120 KB of compressed JavaScript, and no editor or admin code", async ({
  page,
}) => {
  const scripts: Array<{ url: string; encoding: string; bytes: Promise<number> }> = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js")) return;
    scripts.push({
      url: url.pathname,
      encoding: response.headers()["content-encoding"] ?? "",
      // Bytes on the wire: the body as sent, compressed.
      bytes: response
        .finished()
        .then(() => response.request().sizes())
        .then((s) => s.responseBodySize),
    });
  });
  await page.goto("/his-blog");
  await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const own = scripts.filter((s) => s.url.startsWith("/assets/"));
  expect(own.length).toBeGreaterThan(0);
  const sizes = await Promise.all(own.map((s) => s.bytes));
  // Tiny chunks may go as they are (compressing them saves nothing); anything bigger is compressed.
  own.forEach((s, i) => {
    if (sizes[i]! > 1024) expect(s.encoding, `${s.url} is sent compressed`).toMatch(/^(br|gzip)$/);
  });
  const names = own.map((s) => s.url.replace(/^\/assets\//, ""));
  const listed = names.map((n, i) => `${n} ${sizes[i]}`).join(", ");
  for (const chunk of ["admin-", "post-editor-", "new-post-form-", "edit-post-form-", "inbox-"]) {
    expect(
      names.filter((n) => n.startsWith(chunk)),
      `${chunk}* is not loaded by a reader`,
    ).toEqual([]);
  }
  const total = sizes.reduce((a, b) => a + b, 0);
  expect(total, `compressed JS of /his-blog (bytes): ${listed}`).toBeLessThanOrEqual(BUDGET);
  expect(total).toBeGreaterThan(1024);
});
