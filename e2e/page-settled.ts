import type { Page } from "@playwright/test";

/**
 * The page as a reader sees it once it has loaded: the app has taken over the server's markup
 * (hydrated, or rendered a private page), nothing of ours on it is loading (every loading state
 * carries aria-busy; the pin board waits on its provider's script, which never comes here), its
 * images that load at once have arrived, and so have its fonts. Waiting for `networkidle` instead
 * costs at least half a second of silence on every page.
 */
export async function pageSettled(page: Page) {
  await page.waitForFunction(() => {
    // Not the first child: React puts the preloads of high-priority images before the app.
    const app = [...(document.getElementById("root")?.children ?? [])];
    if (!app.some((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")))) return false;
    if (document.readyState !== "complete") return false;
    if (document.querySelector('[aria-busy="true"]:not(.pin-loading)')) return false;
    return [...document.images].every((img) => img.loading === "lazy" || img.complete);
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}
