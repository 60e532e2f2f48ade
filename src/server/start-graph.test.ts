// What a start loads: the packages that dist/server's entries import statically (main.js, the
// serve.js it loads, the embedded database's thread). The packages below are loaded on first use
// (import()), never at start: a reader's page needs none of them, and together they were about
// half of the server's memory and start-up CPU.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { SERVER_BUILD } from "../../scripts/build-server.mjs";

/** Loaded on first use only (the social web, the PostgreSQL driver, metrics, SMTP, sign-in, Yjs). */
const ON_FIRST_USE = [
  // A request with a session cookie, or to /api/auth/*, loads it (auth/lazy-auth.ts).
  "better-auth",
  "@fedify/fedify",
  "@fedify/vocab",
  "@js-temporal/polyfill",
  "pg",
  "prom-client",
  "nodemailer",
  // Writing together: the first co-editing socket loads the rooms (collab/collab.ts).
  "yjs",
  "y-protocols",
];
const AT_START = ["main", "serve", "pglite-worker"];

interface Output {
  entryPoint?: string;
  imports: Array<{ path: string; kind: string; external?: boolean }>;
}

/** Packages imported statically from the given entries, through every chunk they import. */
async function packagesAtStart(): Promise<Set<string>> {
  const esbuild = await import("esbuild");
  const entries = SERVER_BUILD.entryPoints as Record<string, string>;
  const result = await esbuild
    .build({ ...SERVER_BUILD, write: false, metafile: true, logLevel: "error" })
    .finally(() => esbuild.stop());
  const outputs = (result.metafile?.outputs ?? {}) as Record<string, Output>;
  const wanted = new Set(AT_START.map((name) => entries[name]));
  const stack = Object.keys(outputs).filter((k) => wanted.has(outputs[k]!.entryPoint));
  expect(stack).toHaveLength(AT_START.length);
  const seen = new Set<string>();
  const packages = new Set<string>();
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file]!.imports) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.add(imported.path);
      else stack.push(imported.path);
    }
  }
  return packages;
}

describe("what the server loads at start", () => {
  it("loads the social web, the PostgreSQL driver, metrics, SMTP and Better Auth only on first use", async () => {
    const loaded = await packagesAtStart();
    expect(loaded.has("fastify")).toBe(true);
    const early = [...loaded].filter((p) =>
      ON_FIRST_USE.some((lazy) => p === lazy || p.startsWith(`${lazy}/`)),
    );
    expect(early).toEqual([]);
  }, 60_000);
});
