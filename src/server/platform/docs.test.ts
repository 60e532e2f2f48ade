// The README starts with the two commands and documents every environment variable the
// server reads; docs/architecture.md has a line for every source folder.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

function envVariables(): string[] {
  const source = read("src/server/env.ts");
  const start = source.indexOf("const EnvSchema = z.object({");
  const body = source.slice(start, source.indexOf("\n});", start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

describe("documentation", () => {
  it("README starts with `npm install && npm start` and `npm test`", () => {
    const firstBlock = /```\n([\s\S]*?)```/.exec(read("README.md"))?.[1] ?? "";
    expect(read("README.md").indexOf("```")).toBeLessThan(20);
    expect(firstBlock).toMatch(/^npm install && npm start\b/);
    expect(firstBlock.split("\n")[1]).toMatch(/^npm test\b/);
  });

  it("README and .env.example name every variable the server reads", () => {
    const vars = envVariables();
    expect(vars).toEqual(expect.arrayContaining(["PORT", "DATA_DIR", "DATABASE_URL", "PINTEREST_BOARD_URL"]));
    const readme = read("README.md");
    const example = read(".env.example");
    expect(vars.filter((v) => !readme.includes(`\`${v}\``))).toEqual([]);
    expect(vars.filter((v) => !example.includes(`${v}=`))).toEqual([]);
  });

  it("docs/architecture.md has a line for every folder under src/", () => {
    const doc = read("docs/architecture.md");
    const folders = ["src/common", "src/server", "src/client"].flatMap((top) =>
      readdirSync(path.join(root, top), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${top}/${d.name}/`),
    );
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((f) => !doc.includes(`\`${f}`))).toEqual([]);
  });
});
