// docs/architecture.md's journeys list the files the code runs. Each journey's heading states how
// many files it lists, the entry modules it starts from and a bound on the modules of a part of
// src its entries load; every file listed must be loaded with those entries (imports that run,
// not type-only ones), and the heading's figures must hold for the import graph both ways: a file
// listed that the code does not load fails, and so does a journey whose code loads more than its
// bound (it gained files the docs do not know of) or a bound so loose that files could be gained
// unseen. A bound, not an exact figure: every merge moves the exact number (decision 0045).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");

/** The imports of a module that run when it loads: static, and not type-only. */
function runtimeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s+([^;]*?)\s*from\s+["'](\.[^"']+)["']/g)) {
    const clause = m[1]!;
    if (/^type\s/.test(clause)) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    const rest = clause
      .replace(/\{[^}]*\}/, "")
      .replace(/,/g, "")
      .trim();
    const names = (named?.[1] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (!rest && names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    found.push(m[2]!);
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s+["'](\.[^"']+)["']/g)) found.push(m[1]!);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(path.join(root, from)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return path.relative(root, candidate);
  return null;
}

/** Every module (repo-relative) loaded with the entries. */
function loadedWith(entries: string[], read = (file: string) => readFileSync(path.join(root, file), "utf8")) {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(read(file))) {
      const next = resolve(file, specifier);
      if (next) queue.push(next);
    }
  }
  return seen;
}

interface Journey {
  title: string;
  stated: number;
  entries: string[];
  /** The heading's bound on the modules of `root` (src, src/server…) the entries load. */
  bound: { max: number; root: string } | null;
  files: string[];
}

const FILE = /`(src\/[\w./-]+\.tsx?)`/g;

/** The journeys of a page: `**Title** (N files, from `entry`…, loading at most M modules of src/server):`. */
function journeysOf(markdown: string): Journey[] {
  const parts = markdown
    .split(/^(?=\*\*[^*\n]+\*\* \(\d+ files?, from )/m)
    .filter((part) => /^\*\*[^*\n]+\*\* \(\d+ files?, from /.test(part));
  return parts.map((part) => {
    const end = part.search(/\n(?=\*\*|## )/);
    const body = end === -1 ? part : part.slice(0, end);
    const heading = body.split("\n\n")[0]!.split(/:\n/)[0]!;
    const [, title, stated] = /^\*\*([^*]+)\*\* \((\d+) files?/.exec(heading)!;
    const afterHeading = body.slice(heading.length);
    const bound = /loading at most (\d+) modules of (src(?:\/[\w-]+)*)/.exec(heading);
    return {
      title: title!,
      stated: Number(stated),
      entries: [...heading.matchAll(FILE)].map((m) => m[1]!),
      bound: bound ? { max: Number(bound[1]), root: bound[2]! } : null,
      files: [...new Set([...afterHeading.matchAll(FILE)].map((m) => m[1]!))],
    };
  });
}

/** How far a bound may lie above what the entries load: about a tenth, so few files come unseen. */
const slackOf = (loaded: number) => Math.ceil(loaded / 10);

/** What is false in a journey: its count, the files its entries do not load, its module bound. */
function problemsOf(journey: Journey): string[] {
  const loaded = loadedWith(journey.entries);
  const problems = [
    ...(journey.files.length === journey.stated
      ? []
      : [`lists ${journey.files.length} files, says ${journey.stated}`]),
    ...journey.files.filter((f) => !loaded.has(f)).map((f) => `not loaded with the entries: ${f}`),
  ];
  if (!journey.bound) return [...problems, "states no bound on the modules its entries load"];
  const { max, root: part } = journey.bound;
  const n = [...loaded].filter((f) => f.startsWith(`${part}/`)).length;
  if (n > max)
    problems.push(`the entries load ${n} modules of ${part}, says at most ${max}: list what it gained`);
  else if (max > n + slackOf(n))
    problems.push(`says at most ${max} modules of ${part}, the entries load ${n}: files could come unseen`);
  return problems;
}

describe("docs/architecture.md's journeys", () => {
  const journeys = journeysOf(readFileSync(path.join(root, "docs/architecture.md"), "utf8"));

  it("are found, each with its entry modules", () => {
    expect(journeys.map((j) => j.title)).toContain("A reader posts a comment, server side");
    expect(journeys.filter((j) => j.entries.length === 0)).toEqual([]);
  });

  it("say true counts and bounds, and list only files their entries load", () => {
    expect(journeys.map((j) => [j.title, problemsOf(j)])).toEqual(journeys.map((j) => [j.title, []]));
  });

  it("keep a comment's server side at 15 files or fewer", () => {
    const comment = journeys.find((j) => j.title === "A reader posts a comment, server side")!;
    expect(comment.files.length).toBeLessThanOrEqual(15);
  });

  it("would catch a wrong count, a file the entries do not load, a journey that gained files, and a loose bound", () => {
    const page = (files: number, bound: string) =>
      [
        "Before.",
        "",
        `**A thing happens** (${files} files, from \`src/server/content/escape-html.ts\`${bound}):`,
        "`src/server/content/escape-html.ts` then `src/server/content/sanitize.ts`.",
        "",
        "## Next",
      ].join("\n");
    const [journey] = journeysOf(page(3, ", loading at most 0 modules of src/server"));
    expect(journey).toMatchObject({
      title: "A thing happens",
      stated: 3,
      bound: { max: 0, root: "src/server" },
    });
    expect(problemsOf(journey!)).toEqual([
      "lists 2 files, says 3",
      "not loaded with the entries: src/server/content/sanitize.ts",
      "the entries load 1 modules of src/server, says at most 0: list what it gained",
    ]);
    const [loose] = journeysOf(page(2, ", loading at most 9 modules of src"));
    expect(problemsOf(loose!).at(-1)).toBe(
      "says at most 9 modules of src, the entries load 1: files could come unseen",
    );
    const [unbounded] = journeysOf(page(2, ""));
    expect(problemsOf(unbounded!).at(-1)).toBe("states no bound on the modules its entries load");
    const imports = 'import type { A } from "./a";\nimport { type B } from "./b";\nimport { c } from "./c";';
    expect(runtimeImports(imports)).toEqual(["./c"]);
  });
});
