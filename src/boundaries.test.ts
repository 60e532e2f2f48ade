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
