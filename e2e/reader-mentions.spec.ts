import http from "node:http";
import type { AddressInfo } from "node:net";
import { test as base, type DuetServer, expect, HER_EMAIL, signIn, startServer } from "./fixtures";
import { authorClient } from "./reader-helpers";

// Mentions under a post (decision 0047): the post's author removes one in the browser; a reader
// gets no Remove. The mention is made the real way: a Webmention POSTed to the server, whose source
// is a page a small server in this test serves on 127.0.0.1 (FEDIVERSE_ALLOW_PRIVATE lets the
// server fetch it; the shared server refuses private sources, so this file has its own).
const test = base.extend<object, { server: DuetServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const { server, stop } = await startServer({ FEDIVERSE_ALLOW_PRIVATE: "true" });
      await use(server);
      await stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

/** A page on 127.0.0.1 that links to `target`, as another site's note would; it stops with the test. */
async function sourcePage(target: string, name: string) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<html><body><article class="h-entry"><a class="p-author h-card" href="https://alice.example/"><span class="p-name">${name}</span></a><div class="e-content">Lovely <a href="${target}">harbour post</a>.</div></article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notes/seen`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test("the post's author removes a mention; it stays gone after a reload; a reader sees no Remove", async ({
  page,
  browser,
  server,
  accounts,
}) => {
  test.setTimeout(90_000);
  await accounts.ensure("her");
  await accounts.ensure("user");
  const her = await authorClient(page.request, server, "her");
  const post = await her.publish({ title: "Harbour lights", content: "<p>The boats come in.</p>" });
  const target = `${server.baseURL}/post/${post.slug}`;
  const alice = await sourcePage(target, "Alice");
  const bob = await sourcePage(target, "Bob");
  try {
    for (const source of [alice.url, bob.url]) {
      const sent = await page.request.post(`${server.baseURL}/api/webmention`, {
        form: { source, target },
      });
      expect(sent.status(), await sent.text()).toBe(202);
    }
    // Verified in the background: the reading data lists both once the server fetched them.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${server.baseURL}/api/posts/${post.id}/reading`);
        return ((await res.json()) as { mentions?: unknown[] }).mentions?.length ?? 0;
      })
      .toBe(2);

    // A reader: the mentions, no Remove (its chunk is not even loaded).
    const { email, password } = await accounts.ensure("user");
    const readerContext = await browser.newContext();
    await signIn(readerContext, server, email, password);
    const reader = await readerContext.newPage();
    await reader.goto(`/post/${post.slug}`);
    const readerList = reader.getByRole("region", { name: "Mentions" });
    await expect(readerList.getByRole("listitem")).toHaveCount(2);
    await reader.waitForLoadState("networkidle");
    await expect(readerList.getByRole("button", { name: "Remove" })).toHaveCount(0);
    await readerContext.close();

    // The author removes Alice's, from the keyboard.
    await signIn(page.context(), server, HER_EMAIL);
    await page.goto(`/post/${post.slug}`);
    const list = page.getByRole("region", { name: "Mentions" });
    const aliceItem = list.getByRole("listitem").filter({ hasText: "Alice" });
    const remove = aliceItem.getByRole("button", { name: "Remove" });
    await expect(remove).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(list.getByRole("status")).toHaveText("Mention removed.");
    await expect(aliceItem).toHaveCount(0);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("heading", { name: "Mentions" })).toBeFocused();

    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText("Bob");
    await expect(list.getByText("Alice")).toHaveCount(0);
  } finally {
    await alice.close();
    await bob.close();
  }
});
