// STYLE: imports flow one way. `common` imports neither `client` nor `server`; those two never
// import each other; a client feature never imports another feature (shared code lives in
// client/lib or client/components).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of a file, resolved to a path under src/ (e.g. "client/features/auth/x"). */
function importsOf(file: string, text = readFileSync(file, "utf8")): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.[^"']+)["']/g)];
  return specifiers.map((m) =>
    path
      .relative(src, path.resolve(path.dirname(file), m[1]!))
      .split(path.sep)
      .join("/"),
  );
}

const rel = (file: string) => path.relative(src, file).split(path.sep).join("/");
const featureOf = (p: string) => /^client\/features\/([^/]+)/.exec(p)?.[1] ?? null;

/** The imports of `files` that break the rule, as "file → import". */
function violations(files: string[], forbidden: (from: string, to: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((to) => forbidden(rel(file), to))
      .map((to) => `${rel(file)} → ${to}`),
  );
}

describe("import boundaries", () => {
  const all = sourceFiles(src);

  it("common imports neither client nor server", () => {
    const common = all.filter((f) => rel(f).startsWith("common/"));
    expect(violations(common, (_from, to) => to.startsWith("client/") || to.startsWith("server/"))).toEqual(
      [],
    );
  });

  it("server and client never import each other", () => {
    expect(
      violations(all, (from, to) =>
        from.startsWith("server/")
          ? to.startsWith("client/")
          : from.startsWith("client/") && to.startsWith("server/"),
      ),
    ).toEqual([]);
  });

  it("a client feature never imports another feature", () => {
    const features = all.filter((f) => featureOf(rel(f)));
    expect(
      violations(features, (from, to) => featureOf(to) !== null && featureOf(to) !== featureOf(from)),
    ).toEqual([]);
  });

  it("would catch a feature importing another, and common importing the server", () => {
    const file = path.join(src, "client/features/comments/x.ts");
    expect(importsOf(file, 'import { useSession } from "../auth/session";')).toEqual([
      "client/features/auth/session",
    ]);
    expect(
      importsOf(path.join(src, "common/x.ts"), 'import type { Db } from "../server/db/client";'),
    ).toEqual(["server/db/client"]);
  });
});

/** Resolve an import (as importsOf gives it) to a source file under src/, or null (an asset, CSS). */
function resolveImport(to: string, known: Set<string>): string | null {
  for (const candidate of [to, `${to}.ts`, `${to}.tsx`, `${to}/index.ts`, `${to}/index.tsx`])
    if (known.has(candidate)) return candidate;
  return null;
}

/** The import cycles among these files (each as "a → b → … → a"), type-only imports included. */
function cyclesAmong(files: string[]): string[] {
  const known = new Set(files.map(rel));
  const graph = new Map(
    files.map((f) => [
      rel(f),
      importsOf(f)
        .map((to) => resolveImport(to, known))
        .filter((to): to is string => to !== null),
    ]),
  );
  const state = new Map<string, "open" | "done">();
  const found: string[] = [];
  const visit = (node: string, trail: string[]): void => {
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...trail.slice(trail.indexOf(next)), next].join(" → "));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, [node]);
  return found;
}

describe("a house a newcomer can read", () => {
  const all = sourceFiles(src).filter((f) => !/\.test\.tsx?$/.test(f));
  const isTestSupport = (f: string) => /\/test\//.test(rel(f)) || rel(f).startsWith("e2e");

  it("has no import cycle, type-only ones included (what `npx madge --circular` checks)", () => {
    expect(cyclesAmong(all)).toEqual([]);
  });

  it("would find a cycle", () => {
    const dir = path.join(src, "server/x");
    const a = path.join(dir, "a.ts");
    const b = path.join(dir, "b.ts");
    const texts: Record<string, string> = {
      [a]: 'import type { B } from "./b";',
      [b]: 'import { a } from "./a";',
    };
    const graph = [a, b].map((f) => [rel(f), importsOf(f, texts[f])] as const);
    expect(graph).toEqual([
      ["server/x/a.ts", ["server/x/b"]],
      ["server/x/b.ts", ["server/x/a"]],
    ]);
  });

  it("keeps every source file at 250 lines or fewer (tests, test support and the demo seed aside)", () => {
    const long = all
      .filter((f) => !isTestSupport(f) && !rel(f).startsWith("server/db/seed"))
      .map((f) => [rel(f), readFileSync(f, "utf8").trimEnd().split("\n").length] as const)
      .filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
  });

  it("names the two blogs in one place: the route table's defaults", () => {
    const named = all
      .filter((f) => !isTestSupport(f) && rel(f) !== "common/routes.ts")
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => [rel(f), i + 1, line] as const)
          // Comments may quote the defaults; code asks common/site-names.ts.
          .filter(([, , line]) => /["'`](His|Her) Blog["'`]/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
      )
      .map(([file, line]) => `${file}:${line}`);
    expect(named).toEqual([]);
  });
});

/**
 * Declared once: a server feature (a folder of src/server) reaches another only through
 * its `events.ts`, its `*.reads.ts`, or shared infrastructure; every other import is listed here,
 * as "feature → module", with why it stays. A new one fails the test: use an event or a read, or
 * add it here with its reason.
 */
const SERVER_INFRASTRUCTURE = new Set([
  "db",
  "cache",
  "test",
  "plugins",
  "storage",
  "mail",
  "ops",
  "api",
  "content",
]);
const FEATURE_IMPORTS_ALLOWED: Record<string, string> = {
  "archive → audience/followers.repository":
    "admission checks an archive's followers against the table's own rules",
  "audience → authors/author-profiles.repository":
    "the newsletter reads the author's name inside the claiming transaction",
  "audience → posts/post-writes.repository": "the test email may send the author's own draft",
  "fediverse → authors/author-profiles.repository":
    "actors are the authors' profiles, read from Fedify's own db handle",
  "fediverse → comments/comments.repository": "social-web replies are stored as comments",
  "fediverse → comments/moderation.repository":
    "social-web replies obey the blocked list and held first comments",
  "fediverse → posts/posts.repository": "activities carry the public post, read from Fedify's own db handle",
  "feeds → pages/pages": "feeds list the public pages (cachedPublicPages is a cached read)",
  "feeds → posts/posts.repository": "feeds stream every post: no cached page of a list fits",
  "pages → shell/html": "a page's text is escaped by the shell's one escaper",
  "pages → shell/page-model": "the page loader implements the shell's loader type",
  "posts → revisions/revisions.repository": "every save writes its revision in the same transaction",
  "revisions → posts/post-writes.repository": "restoring a revision is a post write",
  "revisions → posts/post.presenter": "a restored revision is answered as the one post shape",
  "search → posts/post.presenter": "hits are answered as the one post-card shape",
  "search → posts/posts.repository": "hits select the same card columns as post lists",
  "search → shell/page-model": "the search page loader implements the shell's loader type",
  "shell → pages/page-loader": "the shell mounts each page's loader",
  "shell → pages/pages": "the navbar and footer links come from the public pages (a cached read)",
  "shell → search/search-page": "the shell mounts each page's loader",
};

const serverFeatureOf = (p: string) => {
  const feature = /^server\/([^/]+)\//.exec(p)?.[1];
  return feature && !SERVER_INFRASTRUCTURE.has(feature) ? feature : null;
};

/** The imports from one server feature into another's module, as "feature → module" (sorted, once each). */
function featureImports(files: { file: string; text?: string }[]): string[] {
  const edges = files.flatMap(({ file, text }) => {
    const from = serverFeatureOf(rel(file));
    if (!from) return [];
    return importsOf(file, text)
      .filter((to) => {
        const other = serverFeatureOf(to);
        return other !== null && other !== from && !/(\.reads|\/events)$/.test(to);
      })
      .map((to) => `${from} → ${to.slice("server/".length)}`);
  });
  return [...new Set(edges)].sort();
}

describe("declared once: server features meet through events, reads and infrastructure", () => {
  const server = sourceFiles(path.join(src, "server"))
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .map((file) => ({ file }));

  it("has no feature → feature import outside the allow-list", () => {
    const allowed = new Set(Object.keys(FEATURE_IMPORTS_ALLOWED));
    expect(featureImports(server).filter((edge) => !allowed.has(edge))).toEqual([]);
  });

  it("keeps no allow-list entry that no import needs any more", () => {
    const found = new Set(featureImports(server));
    expect(Object.keys(FEATURE_IMPORTS_ALLOWED).filter((edge) => !found.has(edge))).toEqual([]);
  });

  it("would catch a new one, and lets reads, events and infrastructure through", () => {
    const file = path.join(src, "server/likes/x.ts");
    const text = [
      'import { cachedPost } from "../posts/posts.reads";',
      'import { listPosts } from "../posts/posts.repository";',
      'import { blogPosts } from "../db/schema";',
      'import type { Events } from "../events";',
    ].join("\n");
    expect(featureImports([{ file, text }])).toEqual(["likes → posts/posts.repository"]);
  });
});

describe("test helpers live in src/server/test", () => {
  const isTest = (p: string) => /\.test\.tsx?$/.test(p) || p.startsWith("server/test/");

  /** Server modules outside server/test that only tests (or test helpers) import. */
  function testOnlyModules(files: { file: string; text?: string }[]): string[] {
    const known = new Set(files.map(({ file }) => rel(file)));
    const importers = new Map<string, string[]>();
    for (const { file, text } of files)
      for (const to of importsOf(file, text)) {
        const target = resolveImport(to, known);
        if (target && target !== rel(file))
          importers.set(target, [...(importers.get(target) ?? []), rel(file)]);
      }
    return [...importers]
      .filter(([module, by]) => module.startsWith("server/") && !isTest(module) && by.every(isTest))
      .map(([module]) => module)
      .sort();
  }

  it("has no module under src/server that only tests import outside it", () => {
    const files = ["", "../scripts", "../e2e"].flatMap((dir) =>
      sourceFiles(path.join(src, dir)).map((file) => ({ file })),
    );
    // The server bundle's entry points are production roots even when only a test imports them.
    const entries = readFileSync(path.join(src, "../scripts/build-server.mjs"), "utf8").matchAll(
      /: "src\/(server\/[\w/-]+\.ts)"/g,
    );
    const roots = new Set([...entries].map((m) => m[1]));
    expect(testOnlyModules(files).filter((m) => !roots.has(m))).toEqual([]);
  });

  it("would catch one", () => {
    const files = [
      { file: path.join(src, "server/posts/post-samples.ts"), text: "export const a = 1;" },
      { file: path.join(src, "server/posts/x.test.ts"), text: 'import { a } from "./post-samples";' },
    ];
    expect(testOnlyModules(files)).toEqual(["server/posts/post-samples.ts"]);
  });
});
