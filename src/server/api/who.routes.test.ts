import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, openApi, urlOf } from "../../common/api";
import { type AnyContract, contracts } from "../../common/api/contract";
import { type Roles, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";

// Who may call an endpoint is declared once, in its contract row (`who`), and checked before
// anything it was sent: this walks the whole table with input that is wrong in every part, so a
// route that looked at its input first (a 400 or 404 to a visitor) fails here.

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
});
afterAll(() => t.close());

const rows = [...contracts];
const gated = rows.filter(([, c]) => c.who !== "anyone");
const authorsOnly = rows.filter(([, c]) => c.who === "authors");

/** The endpoint's URL with every path parameter invented and a query of unknown, mistyped fields. */
function wrongInput(endpoint: Endpoint): InjectOptions {
  const url = `${endpoint.path.replace(/:(\w+)/g, "not-a-thing")}?limit=many&bogus=${"x".repeat(300)}`;
  const body = endpoint.method === "GET" ? {} : { payload: { unknown: 1, content: ["x".repeat(20_000)] } };
  return { method: endpoint.method, url, ...body };
}

const name = ([endpoint]: readonly [Endpoint, AnyContract]) => `${endpoint.method} ${endpoint.path}`;

describe("who may call each endpoint, before what was sent", () => {
  it("the table leaves no route undeclared: every gated route is one a visitor cannot reach", () => {
    expect(gated.length).toBeGreaterThan(50);
    expect(authorsOnly.length).toBeGreaterThan(30);
  });

  it.each(gated.map((row) => [name(row), row] as const))("%s: a visitor gets 401", async (_, row) => {
    const [endpoint, contract] = row;
    const res = await t.request(wrongInput(endpoint));
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toEqual({
      code: "UNAUTHORIZED",
      message: contract.unauthorized ?? "Please log in first.",
    });
  });

  it.each(authorsOnly.map((row) => [name(row), row] as const))("%s: a reader gets 403", async (_, row) => {
    const [endpoint, contract] = row;
    const res = await t.request({ ...wrongInput(endpoint), cookie: roles.reader.cookie });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toEqual({
      code: "FORBIDDEN",
      message: contract.forbidden ?? "Only the blog's authors can do that.",
    });
  });

  // One case per row: under load the whole table in one test outran its 30 s.
  it.each(authorsOnly.map((row) => [name(row), row] as const))(
    "%s: an author gets past the gate to the input's own answer (never a 401/403 or a 500)",
    async (_, row) => {
      const res = await t.request({ ...wrongInput(row[0]), cookie: roles.her.cookie });
      expect([401, 403, 500], `${name(row)}: ${res.body}`).not.toContain(res.statusCode);
    },
  );

  it("the OpenAPI document says who may call each gated endpoint", async () => {
    const doc = (await t.request({ method: "GET", url: urlOf(openApi) })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    for (const [endpoint, contract] of gated) {
      const op = doc.paths[endpoint.path.replace(/:(\w+)/g, "{$1}")]?.[endpoint.method.toLowerCase()];
      expect(op?.description, `${endpoint.method} ${endpoint.path}`).toContain(
        contract.who === "authors" ? "Only the blog's two authors" : "Needs a signed-in user",
      );
    }
  });

  it("a route anyone may call never asks a visitor to sign in", async () => {
    for (const row of rows.filter(([, c]) => c.who === "anyone")) {
      const res = await t.request(wrongInput(row[0]));
      expect([401, 500], `${name(row)}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});
