import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApi, postRead, postsList, urlOf } from "../../common/api";
import { contracts } from "../../common/api/contract";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Doc {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

describe("GET /api/openapi.json", () => {
  it("describes the endpoint table: its paths, parameters, answers and errors; nothing else", async () => {
    const res = await t.request({ method: "GET", url: urlOf(openApi) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    const doc = res.json<Doc>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Duet Content API");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/posts", "/api/posts/{id}", "/api/search", "/api/posts/{id}/comments"]),
    );
    // Routes outside the table (Better Auth, the pages, feeds) stay out.
    expect(
      Object.keys(doc.paths).filter((p) => p.startsWith("/api/auth/") || !p.startsWith("/api/")),
    ).toEqual([]);
    const table = [...contracts.keys()].map((e) => e.path.replace(/:(\w+)/g, "{$1}"));
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(table)].sort());

    const list = doc.paths["/api/posts"]!.get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
    };
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(["query:author", "query:tag", "query:limit", "query:cursor"]),
    );
    const page = list.responses["200"]!.content["application/json"]!.schema as {
      properties: { items: { items: { properties: Record<string, unknown> } }; nextCursor: unknown };
    };
    expect(Object.keys(page.properties.items.items.properties)).toEqual(
      expect.arrayContaining(["id", "slug", "title", "excerpt", "author", "date", "hashtags", "likes"]),
    );
    expect(page.properties.nextCursor).toBeDefined();
    expect(list.responses["400"]).toBeDefined();

    const one = doc.paths["/api/posts/{id}"]!.get as { parameters: { name: string; in: string }[] };
    expect(one.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    expect(doc.paths["/api/posts/{id}"]!.get!.responses).toHaveProperty("404");
  });

  it("builds the calls' URLs from the table", () => {
    expect(urlOf(postRead, { id: "a b" })).toBe("/api/posts/a%20b");
    expect(urlOf(postsList, {}, { tag: "café", cursor: undefined, limit: 5 })).toBe(
      "/api/posts?tag=caf%C3%A9&limit=5",
    );
  });
});
