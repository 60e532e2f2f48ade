import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pages } from "../../common/routes";

// docs/api.md names the reader pages an API answer leads to: each must be a page of the table.
describe("docs/api.md", () => {
  it("names only page addresses the router serves", () => {
    const doc = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
    // A parameter is a parameter whatever its name (`{slug}` is the router's `:postId`).
    const named = [...doc.matchAll(/`(\/[a-z][^`]*\{[a-z]+\}[^`]*)`/gi)].map((m) =>
      m[1]!.replace(/\{[a-z]+\}/gi, ":_"),
    );
    expect(named).toEqual(expect.arrayContaining(["/post/:_", "/tags/:_"]));
    const served = new Set(Object.values(pages).map((p) => p.path.replace(/:[a-z]+/gi, ":_")));
    for (const path of named) expect(served, path).toContain(path);
  });
});
