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
 * Declared once: a server feature (a folder of src/server) reaches another only through its
 * `events.ts` or its `*.reads.ts`. Below the features lie the layers every feature may import:
 * the top-level modules and the folders of SERVER_LAYERS; a layer imports no feature but
 * through those two. Above them, the composition roots assemble the app from its features and
 * may import any of their modules. Every non-test file of src/server is checked as an importer;
 * any other import is listed here, as "importer → module", with why it stays. A new one fails
 * the test: use an event or a read, move the shared piece down into a layer, or add it here with
 * its reason (ten at most).
 */
const SERVER_LAYERS = new Set(["db", "cache", "plugins", "storage", "mail", "ops", "api", "content"]);
const COMPOSITION_ROOTS: Record<string, string> = {
  "app.ts": "buildApp registers every feature's routes and starts its workers",
  "context.ts": "the context's type names the services buildApp builds from the features",
  "page-loaders.ts": "the page table's loaders, from the features that own each page",
  "serve.ts": "the serving process runs the features' start-up backfills",
  "subscribers.ts": "every subscriber of the domain events, in one list",
  "test/": "test helpers drive features from outside, as tests do",
};
const FEATURE_IMPORTS_ALLOWED: Record<string, string> = {
  "audience → posts/post-writes.repository": "the test email may send the author's own draft",
  "fediverse → comments/comments.repository": "social-web replies are stored as comments",
  "fediverse → comments/moderation.repository":
    "social-web replies obey the blocked list and held first comments",
  "fediverse → posts/posts.repository": "activities carry the public post, read from Fedify's own db handle",
  "feeds → posts/posts.repository": "feeds stream every post: no cached page of a list fits",
  "plugins → auth/auth-messages": "the Better Auth bridge answers with auth's messages",
  "plugins → auth/endpoints": "the Better Auth bridge serves only the paths of auth's one table",
  "search → posts/post.presenter": "hits are answered as the one post-card shape",
  "search → posts/posts.repository": "hits select the same card columns as post lists",
};

type ServerUnit = { kind: "feature" | "layer" | "root"; name: string };

/** Where a module of src/server sits: in a feature, a layer or a composition root (by its name). */
function serverUnitOf(p: string): ServerUnit | null {
  const parts = /^server\/(.+)$/.exec(p)?.[1]?.split("/");
  if (!parts) return null;
  if (parts.length === 1) {
    const file = /\.tsx?$/.test(parts[0]!) ? parts[0]! : `${parts[0]}.ts`;
    return { kind: file in COMPOSITION_ROOTS ? "root" : "layer", name: file };
  }
  const folder = parts[0]!;
  if (`${folder}/` in COMPOSITION_ROOTS) return { kind: "root", name: `${folder}/` };
  return { kind: SERVER_LAYERS.has(folder) ? "layer" : "feature", name: folder };
}

/** Every import from one unit of src/server into a feature's module, as [importer, feature, module]. */
function intoFeatures(files: { file: string; text?: string }[]): [ServerUnit, string, string][] {
  return files.flatMap(({ file, text }) => {
    const from = serverUnitOf(rel(file));
    if (!from) return [];
    return importsOf(file, text).flatMap((to): [ServerUnit, string, string][] => {
      const into = serverUnitOf(to);
      if (into?.kind !== "feature" || (from.kind === "feature" && into.name === from.name)) return [];
      return [[from, into.name, to.slice("server/".length)]];
    });
  });
}

/** The imports into a feature that are neither its reads nor its events, as "importer → module". */
function featureImports(files: { file: string; text?: string }[]): string[] {
  const edges = intoFeatures(files)
    .filter(([from, , module]) => from.kind !== "root" && !/(\.reads|\/events)$/.test(module))
    .map(([from, , module]) => `${from.name} → ${module}`);
  return [...new Set(edges)].sort();
}

/** The cycles of the feature graph (an edge: any import, reads and events included), as "a → b → a". */
function featureCycles(files: { file: string; text?: string }[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const [from, into] of intoFeatures(files))
    if (from.kind === "feature") graph.set(from.name, (graph.get(from.name) ?? new Set()).add(into));
  const state = new Map<string, "open" | "done">();
  const found: string[] = [];
  const visit = (node: string, trail: string[]): void => {
    state.set(node, "open");
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === "open") found.push([...trail.slice(trail.indexOf(next)), next].join(" → "));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, [node]);
  return found;
}

describe("declared once: server features meet through events and reads, over layers", () => {
  const server = sourceFiles(path.join(src, "server"))
    .filter((f) => !/\.test\.tsx?$/.test(f))
    .map((file) => ({ file }));

  it("has no import into a feature, from any folder or file of src/server, outside the allow-list", () => {
    const allowed = new Set(Object.keys(FEATURE_IMPORTS_ALLOWED));
    expect(featureImports(server).filter((edge) => !allowed.has(edge))).toEqual([]);
  });

  it("keeps no allow-list entry that no import needs any more, and ten at most, each with its reason", () => {
    const found = new Set(featureImports(server));
    expect(Object.keys(FEATURE_IMPORTS_ALLOWED).filter((edge) => !found.has(edge))).toEqual([]);
    expect(Object.keys(FEATURE_IMPORTS_ALLOWED).length).toBeLessThanOrEqual(10);
    expect(Object.values(FEATURE_IMPORTS_ALLOWED).filter((why) => why.length < 20)).toEqual([]);
  });

  it("has no cycle among the features, imports through reads and events included", () => {
    expect(featureCycles(server)).toEqual([]);
  });

  it("would catch a new one from a feature or a layer, and lets reads, events, layers and roots through", () => {
    const file = path.join(src, "server/likes/x.ts");
    const text = [
      'import { cachedPost } from "../posts/posts.reads";',
      'import { listPosts } from "../posts/posts.repository";',
      'import { blogPosts } from "../db/schema";',
      'import type { Events } from "../events";',
    ].join("\n");
    const layer = { file: path.join(src, "server/mail/x.ts"), text: 'import { a } from "../posts/slugs";' };
    const topLevel = { file: path.join(src, "server/env.ts"), text: 'import { a } from "./posts/a";' };
    const root = { file: path.join(src, "server/app.ts"), text: 'import { a } from "./posts/posts.routes";' };
    expect(featureImports([{ file, text }, layer, topLevel, root])).toEqual([
      "env.ts → posts/a",
      "likes → posts/posts.repository",
      "mail → posts/slugs",
    ]);
  });

  it("would catch a cycle between two features, even through their reads", () => {
    const files = [
      { file: path.join(src, "server/likes/x.ts"), text: 'import { a } from "../posts/posts.reads";' },
      { file: path.join(src, "server/posts/y.ts"), text: 'import { b } from "../likes/likes.reads";' },
      { file: path.join(src, "server/stats/z.ts"), text: 'import { c } from "../posts/posts.reads";' },
    ];
    expect(featureCycles(files)).toEqual(["likes → posts → likes"]);
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
