import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFor } from "../../common/routes";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { openTestDatabase } from "../test/test-app";
import { routePreloads } from "./preloads";

describe("pageFor", () => {
  it.each([
    ["/", "home"],
    ["/his-blog", "his-blog"],
    ["/her-blog/", "her-blog"],
    ["/post/abc", "post"],
    ["/tags/travel", "tag"],
    ["/privacy", "site-page"],
    ["/p/about-us", "site-page"],
    ["/nowhere", "not-found"],
  ])("%s › the %s chunk", (pathname, chunk) => {
    expect(pageFor(pathname).chunk).toBe(chunk);
  });
});

describe("page shell › preloads the page's own chunks", () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), "duet-client-"));
  let app: Awaited<ReturnType<typeof buildApp>>["app"];
  let close: () => Promise<void>;

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
    mkdirSync(path.join(clientDir, "assets"), { recursive: true });
    writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div><!--app-data--></body></html>',
    );
    for (const f of [
      "index-1.js",
      "his-1.js",
      "list-1.js",
      "post-1.js",
      "list-1.css",
      "parts-1.js",
      "edit-1.js",
    ]) {
      writeFileSync(path.join(clientDir, "assets", f), "/* x */");
    }
    writeFileSync(
      path.join(clientDir, ".vite/manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/index-1.js", isEntry: true },
        "app/routes/his-blog.tsx": { file: "assets/his-1.js", imports: ["_list.js", "index.html"] },
        "_list.js": { file: "assets/list-1.js", css: ["assets/list-1.css"], imports: ["index.html"] },
        "app/routes/post.tsx": {
          file: "assets/post-1.js",
          imports: ["index.html"],
          dynamicImports: [
            "features/comments/components/signed-in-parts.ts",
            "features/editor/components/edit-post-form.tsx",
          ],
        },
        "features/comments/components/signed-in-parts.ts": {
          file: "assets/parts-1.js",
          imports: ["index.html"],
        },
        "features/editor/components/edit-post-form.tsx": {
          file: "assets/edit-1.js",
          imports: ["index.html"],
        },
        "../../node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-400-normal.woff2": {
          file: "assets/source-serif-4-latin-400-normal-1.woff2",
        },
      }),
    );
    const config = loadConfig(
      {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "duet-data-")),
        SEED_DEMO: "false",
        CLIENT_DIST_DIR: clientDir,
      },
      null,
    );
    const database = await openTestDatabase();
    ({ app } = await buildApp({ config, database, secret: "x".repeat(40), serveClient: true }));
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it("GET /his-blog › links its route chunk, its imports and their CSS, not the entry twice", async () => {
    const res = await app.inject({ method: "GET", url: "/his-blog" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="modulepreload" href="/assets/his-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" href="/assets/list-1.js">');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/list-1.css">');
    expect(res.body).not.toContain('<link rel="modulepreload" href="/assets/index-1.js">');
    expect(res.body).not.toContain("post-1.js");
    expect(res.body).not.toContain("latin-400-normal");
  });

  it("GET /post/:id › links the post chunk even for an unknown post", async () => {
    const res = await app.inject({ method: "GET", url: "/post/00000000-0000-0000-0000-000000000000" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<link rel="modulepreload" href="/assets/post-1.js">');
  });

  it("a post's signed-in parts are preloaded for a signed-in person only, and lazy editors never", () => {
    const preloads = routePreloads(clientDir);
    expect(preloads("post", false)).not.toContain("parts-1.js");
    expect(preloads("post", true)).toContain('<link rel="modulepreload" href="/assets/parts-1.js">');
    expect(preloads("post", true)).not.toContain("edit-1.js");
    expect(preloads("post", false)).toContain("post-1.js");
  });

  it("GET /post/:id › preloads the post text's face (no shift when it swaps in)", async () => {
    const res = await app.inject({ method: "GET", url: "/post/00000000-0000-0000-0000-000000000000" });
    expect(res.body).toContain(
      '<link rel="preload" href="/assets/source-serif-4-latin-400-normal-1.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });
});

describe("page shell › status of client-only routes", () => {
  let t: Awaited<ReturnType<typeof import("../test/test-app").buildTestApp>>;
  beforeAll(async () => {
    const { buildTestApp } = await import("../test/test-app");
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    "/contact",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/admin",
    "/profile",
    "/terms",
  ])("GET %s › 200 with the shell", async (url) => {
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="duet-data"');
  });

  it("GET an unknown path › 404 with the shell (the client shows its not-found page)", async () => {
    const res = await t.request({ method: "GET", url: "/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('id="duet-data"');
  });
});
