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

describe("a house a newcomer can read (issue 19)", () => {
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
