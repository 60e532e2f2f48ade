// The HTTP contract is declared once. Every `/api/...` path the client calls or the
// server answers is spelled in the endpoint table (common/api/) and nowhere else in src (client,
// server or the shared rules): the client calls `call(endpoint, …)`, the server registers
// `route(app, endpoint, …)`.
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

const rel = (file: string) => path.relative(src, file).split(path.sep).join("/");

/** Tests (and their helpers) spell URLs on purpose: they check the wire, not the table. */
const isTest = (p: string) =>
  /\.test\.tsx?$/.test(p) || p.startsWith("server/test/") || /\/test-[^/]+$/.test(p);

/**
 * Where a literal may still stand, with why. Shrink it: an entry with no literal left fails too.
 * Better Auth's own paths belong to the auth endpoint table (point 4), not this one.
 */
const ALLOWED: Record<string, string> = {
  "server/auth/auth.ts": "Better Auth's basePath (the auth endpoint table)",
  "server/auth/verify-origin.ts": "Better Auth's verify-email cookie path (auth endpoint table)",
  "server/plugins/auth": "the Better Auth bridge and its route (auth.ts, auth-bridge.ts)",
  "server/contact/emailjs.ts": "EmailJS's own API (another service's address), not an endpoint of ours",
  "client/lib/auth-api.ts": "Better Auth calls (auth endpoint table)",
  "client/features/auth/": "Better Auth calls (auth endpoint table)",
};

/**
 * Path literals: a quote, or an interpolation (`${publicUrl}/api/…`), then `/api/` and a name (the
 * bare prefix `/api/` is not an endpoint).
 */
function apiLiterals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  return [...code.matchAll(/(?:["'`]|\})(\/api\/[A-Za-z][^"'`\s]*)/g)].map((m) => m[1]!);
}

describe("declared once", () => {
  const files = sourceFiles(src)
    .map((file) => ({ file, p: rel(file) }))
    .filter(({ p }) => !p.startsWith("common/api/") && !isTest(p));
  const found = files.flatMap(({ file, p }) =>
    apiLiterals(readFileSync(file, "utf8")).map((literal) => ({ p, literal })),
  );
  const allowedFor = (p: string) => Object.keys(ALLOWED).find((prefix) => p.startsWith(prefix));

  it("no /api/ path outside the endpoint table, except the allow-list", () => {
    expect(found.filter(({ p }) => !allowedFor(p)).map(({ p, literal }) => `${p}: ${literal}`)).toEqual([]);
  });

  it("every allow-list entry still has a literal (migrated ones leave the list)", () => {
    const used = new Set(found.map(({ p }) => allowedFor(p)));
    expect(Object.keys(ALLOWED).filter((prefix) => !used.has(prefix))).toEqual([]);
  });

  it("would catch a literal, and ignores comments and the bare prefix", () => {
    const source = 'api("/api/posts/" + id); // GET "/api/x"\n/** "/api/y" */ url.startsWith("/api/")';
    expect(apiLiterals(source)).toEqual(["/api/posts/"]);
    // A URL built by hand after the public address: `${config.publicUrl}/api/…`.
    const handWritten = "const url = `$" + "{config.publicUrl}/api/follow/unsubscribe?token=x`;";
    expect(apiLiterals(handWritten)).toEqual(["/api/follow/unsubscribe?token=x"]);
  });
});

describe("one rule, once", () => {
  const server = sourceFiles(path.join(src, "server")).filter((f) => !isTest(rel(f)));
  // The code without its comments (a comment may show a path as an example).
  const text = (f: string) =>
    readFileSync(f, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

  it("limits live in common/limits.ts: a route file declares no cap of its own", () => {
    const cap = /^(?:export )?const ([A-Z][A-Z0-9_]*(?:MAX|MIN|LIMIT|SHOWN|SIZE)[A-Z0-9_]*) = /gm;
    const found = server
      .filter((f) => f.endsWith(".routes.ts"))
      .flatMap((f) => [...text(f).matchAll(cap)].map((m) => `${rel(f)}: ${m[1]}`));
    expect(found).toEqual([]);
  });

  it("an actor's path is spelled once (fediverse/actors.ts), and the remote user prefix once", () => {
    const actorPaths = server.filter((f) => /["'`]\/ap\/users\//.test(text(f))).map(rel);
    expect(actorPaths).toEqual(["server/fediverse/actors.ts"]);
    const prefixes = sourceFiles(src)
      .filter((f) => !isTest(rel(f)) && /["'`]ap_["'`]/.test(text(f)))
      .map(rel);
    expect(prefixes).toEqual(["common/social-web.ts"]);
  });
});
