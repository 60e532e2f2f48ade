// The documented proxy (docs/deploy.md, duetSiteConfig): Debian's nginx on 127.0.0.1 in front of
// the real server. Its one-second page cache must never answer a signed-in reader with a page
// cached for someone else, must show an author's edit once the second is over, and must keep
// serving anonymous readers the last page while Duet is down. Skipped with a line without nginx.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX_BIN, type Nginx, startNginx } from "../test/nginx";
import {
  freePort,
  nextLoopbackAddress,
  type ServerProcess,
  startServerProcess,
} from "../test/server-process";

const missing = !existsSync(NGINX_BIN);
if (missing) console.log(`Skipping the proxy cache test: ${NGINX_BIN} not found.`);

const PASSWORD = "correct-horse-42";
/** How long a copy may be answered: `proxy_cache_valid … 1s`, in nginx's whole seconds (1–2 s). */
const CACHE_MS = 2_000;
const SETTLE_MS = 10_000;

let root: string;
let duet: ServerProcess;
let nginx: Nginx;
let proxy: string;
let author = "";
let alice = "";
let bob = "";
let postId = "";
let slug = "";

async function call(
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {
    origin: duet.baseURL,
    "x-forwarded-for": options.ip ?? nextLoopbackAddress(),
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${duet.baseURL}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, text, cookie };
}

function verifyLink(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, "outbox");
  for (const file of readdirSync(outbox).sort().reverse()) {
    const mail = readFileSync(path.join(outbox, file), "utf8");
    if (!mail.includes(`To: ${email}`) && !mail.includes(`<${email}>`)) continue;
    const body = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = (body.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((u) => u.includes("verify"));
    if (link) return link;
  }
  throw new Error(`no verification link for ${email}`);
}

async function account(email: string, name: string, dataDir: string): Promise<string> {
  // One client: the verification link confirms an author address only where it was registered.
  const ip = nextLoopbackAddress();
  const up = await call("POST", "/api/auth/sign-up/email", { body: { email, password: PASSWORD, name }, ip });
  expect(up.status, up.text).toBe(200);
  if (email === "him@duet.local") {
    const link = new URL(verifyLink(dataDir, email));
    const verified = await call("GET", `${link.pathname}${link.search}`, { cookie: up.cookie, ip });
    expect(verified.status, verified.text).toBeLessThan(400);
  }
  const signIn = await call("POST", "/api/auth/sign-in/email", { body: { email, password: PASSWORD }, ip });
  expect(signIn.status, signIn.text).toBe(200);
  return signIn.cookie;
}

/** GET through nginx, as a browser would (compressed), with an optional session cookie. */
async function viaProxy(url: string, cookie?: string) {
  const res = await fetch(`${proxy}${url}`, {
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return { status: res.status, cache: res.headers.get("x-cache-status"), text: await res.text() };
}

describe.skipIf(missing)("the documented nginx proxy", () => {
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "duet-microcache-"));
    const dataDir = path.join(root, "data");
    duet = await startServerProcess(dataDir, { TRUST_PROXY: "127.0.0.1" });
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    nginx = await startNginx(path.join(root, "nginx"), {
      upstreams: [new URL(duet.baseURL).host],
      listen: `127.0.0.1:${port}`,
    });
    author = await account("him@duet.local", "Him", dataDir);
    alice = await account("alice@example.com", "Alice Reader", dataDir);
    bob = await account("bob@example.com", "Bob Reader", dataDir);
    const created = await call("POST", "/api/posts", {
      cookie: author,
      body: { title: "Cached first", author: "him", content: "<p>First words.</p>", images: [] },
    });
    expect(created.status, created.text).toBe(201);
    ({ id: postId, slug } = JSON.parse(created.text) as { id: string; slug: string });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    if (duet && duet.child.exitCode === null && duet.child.signalCode === null) {
      duet.child.kill("SIGTERM");
      await duet.exited;
    }
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("answers anonymous readers from its cache, and a signed-in reader never from it", async () => {
    const first = await viaProxy(`/post/${slug}`);
    expect(first.status).toBe(200);
    const again = await viaProxy(`/post/${slug}`);
    expect(again.cache).toBe("HIT");

    const asAlice = await viaProxy(`/post/${slug}`, alice);
    expect(asAlice.cache).toBe("BYPASS");
    expect(asAlice.text).toContain("Alice Reader");
    // Bob, right after Alice, gets his own page: neither hers nor the anonymous copy.
    const asBob = await viaProxy(`/post/${slug}`, bob);
    expect(asBob.cache).toBe("BYPASS");
    expect(asBob.text).toContain("Bob Reader");
    expect(asBob.text).not.toContain("Alice Reader");
    // Nothing of a signed-in answer was stored for anyone else.
    const anonymous = await viaProxy(`/post/${slug}`);
    expect(anonymous.text).not.toContain("Alice Reader");
    expect(anonymous.text).not.toContain("Bob Reader");
  });

  it("shows an author's edit to anonymous readers once the cache's second is over", async () => {
    await viaProxy(`/post/${slug}`);
    expect((await viaProxy(`/post/${slug}`)).text).toContain("First words.");
    const edited = await call("PATCH", `/api/posts/${postId}`, {
      cookie: author,
      body: { content: "<p>Edited words.</p>" },
    });
    expect(edited.status, edited.text).toBe(200);
    // The author reads through the proxy too: the edit at once.
    expect((await viaProxy(`/post/${slug}`, author)).text).toContain("Edited words.");
    // Anonymous readers: after the second, the first request refreshes the copy in the background.
    await new Promise((r) => setTimeout(r, CACHE_MS + 100));
    const deadline = Date.now() + SETTLE_MS;
    let text = "";
    while (Date.now() < deadline) {
      text = (await viaProxy(`/post/${slug}`)).text;
      if (text.includes("Edited words.")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(text).toContain("Edited words.");
  });

  it("serves anonymous readers the last page while Duet is down, and signed-in readers none", async () => {
    const before = await viaProxy("/his-blog");
    expect(before.status).toBe(200);
    duet.child.kill("SIGKILL");
    await duet.exited;
    await new Promise((r) => setTimeout(r, CACHE_MS + 100));
    const stale = await viaProxy("/his-blog");
    expect(stale.status).toBe(200);
    expect(stale.cache).toBe("STALE");
    expect(stale.text).toBe(before.text);
    const signedIn = await viaProxy("/his-blog", alice);
    expect(signedIn.status).toBe(502);
  });
});
