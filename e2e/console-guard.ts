import type { Browser, BrowserContext, ConsoleMessage } from "@playwright/test";

/** One kind of console error a test expects, and why. */
export interface AllowedConsoleError {
  pattern: RegExp;
  reason: string;
}

export interface ConsoleGuard {
  /** Let this test's console errors matching `pattern` pass; `reason` says why they are expected. */
  allow(pattern: RegExp, reason: string): void;
  /** What was logged so far and is not allowed (the fixture fails the test with these). */
  unexpected(): string[];
}

/**
 * Console errors every test may see. STYLE.md: an unexpected `console.error` fails a test; a page
 * error (an uncaught exception, a hydration failure) always does.
 */
export const ALWAYS_ALLOWED: AllowedConsoleError[] = [
  {
    // Chromium logs every 4xx answer as a console error: a 401 on a wrong password, a 404 for an
    // address that is gone, a 429 when a limit holds. The app handles them, and each test asserts
    // what the page then shows. A 5xx still fails the test.
    pattern: /^Failed to load resource: the server responded with a status of 4\d\d/,
    reason: "an API refusal the page handles and the test checks",
  },
];

/**
 * Watches every browser context a test uses (its `context` and any `browser.newContext()`), for
 * console errors and uncaught page errors.
 */
export function watchConsole(browser: Browser, context: BrowserContext) {
  const allowed = [...ALWAYS_ALLOWED];
  const seen: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() !== "error") return;
    const where = msg.location().url;
    seen.push(`console.error${where ? ` at ${where}` : ""}: ${msg.text()}`);
  };
  const onPageError = (error: Error) => seen.push(`page error: ${error.message}`);
  const watch = (ctx: BrowserContext) => {
    ctx.on("console", onConsole);
    ctx.on("weberror", (e) => onPageError(e.error()));
  };
  watch(context);
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args) => {
    const ctx = await newContext(...args);
    watch(ctx);
    return ctx;
  };
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watch(page.context());
    return page;
  };
  const guard: ConsoleGuard = {
    allow(pattern, reason) {
      if (!reason.trim()) throw new Error("an allowed console error needs its reason");
      allowed.push({ pattern, reason });
    },
    unexpected: () => seen.filter((line) => !allowed.some((a) => a.pattern.test(stripPrefix(line)))),
  };
  const stop = () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
  return { guard, stop };
}

function stripPrefix(line: string): string {
  return line.replace(/^(console\.error( at \S+)?|page error): /, "");
}
