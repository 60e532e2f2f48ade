// Duet scaled out. Three Duet processes (one of them with WEB_CONCURRENCY=2), each with its
// own DATA_DIR as if on its own machine, share one throwaway PostgreSQL and one S3 test server, behind
// Debian's nginx as the load balancer (the config of docs/deploy.md). Skipped with a line when
// PostgreSQL or nginx is missing here; DUET_TEST_POSTGRES=1 (CI) makes that a failure.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NGINX_BIN, type Nginx, startNginx } from "../test/nginx";
import { findPostgresBinDir, type PostgresCluster, startPostgresCluster } from "../test/postgres-cluster";
import { type S3TestServer, startS3TestServer } from "../test/s3-server";
import { freePort, type ServerProcess, startServerProcess } from "../test/server-process";

const bin = findPostgresBinDir();
const missing = !bin ? "PostgreSQL binaries (initdb, pg_ctl)" : !existsSync(NGINX_BIN) ? NGINX_BIN : null;
const required = process.env.DUET_TEST_POSTGRES === "1";
if (missing && !required) console.log(`Skipping the scale-out platform test: ${missing} not found.`);

const PASSWORD = "correct-horse-42";
const RATE_LIMIT = 5;

interface Node {
  name: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  proc: ServerProcess;
}

let pgCluster: PostgresCluster;
let s3: S3TestServer;
let nginx: Nginx;
let lb: string;
let root: string;
let db: pg.Pool;
const nodes: Node[] = [];

async function startNode(node: Omit<Node, "proc">): Promise<ServerProcess> {
  return startServerProcess(node.dataDir, { ...node.env, PORT: String(node.port) });
}

let ipCounter = 0;
const nextIp = () => `198.51.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
  cookie: string;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; form?: FormData; cookie?: string; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    origin: new URL(lb).origin,
    "x-forwarded-for": options.ip ?? "198.18.0.1",
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const body = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, body, json: () => JSON.parse(body), cookie };
}

async function signUp(base: string, email: string, verified = false): Promise<string> {
  const ip = nextIp();
  const up = await call(base, "POST", "/api/auth/sign-up/email", {
    body: { email, password: PASSWORD, name: email.split("@")[0] },
    ip,
  });
  expect(up.status, up.body).toBe(200);
  if (verified) await db.query(`update "user" set email_verified = true where email = $1`, [email]);
  const signIn = await call(base, "POST", "/api/auth/sign-in/email", {
    body: { email, password: PASSWORD },
    ip,
  });
  expect(signIn.status, signIn.body).toBe(200);
  return signIn.cookie;
}

/** GET with a fresh connection, so WEB_CONCURRENCY's workers each get a turn. */
function freshGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
}

/** Poll until `check` holds (a write announced by NOTIFY reaches the other processes within ms). */
async function eventually(check: () => Promise<boolean>, what: string, ms = 3_000): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe.runIf(!missing || required)(
  "scale-out: 3 processes, one PostgreSQL, one bucket, nginx",
  { timeout: 180_000 },
  () => {
    let him: string;
    let postId: string;
    let imageUrl: string;

    beforeAll(async () => {
      if (missing) throw new Error(`DUET_TEST_POSTGRES=1 requires this test, but ${missing} was not found`);
      root = mkdtempSync(path.join(tmpdir(), "duet-scale-"));
      [pgCluster, s3] = await Promise.all([startPostgresCluster(bin!), startS3TestServer()]);
      db = new pg.Pool({ connectionString: pgCluster.url, max: 2 });
      const lbPort = await freePort();
      lb = `http://127.0.0.1:${lbPort}`;
      const shared = {
        DATABASE_URL: pgCluster.url,
        ...s3.env,
        PUBLIC_URL: lb,
        SESSION_SECRET: randomUUID() + randomUUID(),
        TRUST_PROXY: "loopback",
        AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        LOG_LEVEL: "warn",
      };
      const specs = await Promise.all(
        ["a", "b", "c"].map(async (name) => ({
          name,
          port: await freePort(),
          dataDir: path.join(root, name),
          env: { ...shared, ...(name === "c" ? { WEB_CONCURRENCY: "2" } : {}) },
        })),
      );
      // The first one migrates; the others then start side by side.
      const first = await startNode(specs[0]!);
      const rest = await Promise.all(specs.slice(1).map(startNode));
      for (const [i, proc] of [first, ...rest].entries()) nodes.push({ ...specs[i]!, proc });
      nginx = await startNginx(path.join(root, "nginx"), {
        upstreams: nodes.map((n) => `127.0.0.1:${n.port}`),
        listen: `127.0.0.1:${lbPort}`,
      });
      him = await signUp(lb, "him@duet.local", true);
    }, 170_000);

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(
        nodes.map(async (n) => {
          if (n.proc.child.exitCode === null) {
            n.proc.child.kill("SIGTERM");
            await n.proc.exited;
          }
        }),
      );
      await db?.end();
      pgCluster?.stop();
      await s3?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    }, 60_000);

    const base = (i: number) => `http://127.0.0.1:${nodes[i]!.port}`;

    it("WEB_CONCURRENCY=2 answers from two worker processes on one port", async () => {
      const pids = new Set<number>();
      for (let i = 0; i < 30 && pids.size < 2; i++)
        pids.add(JSON.parse(await freshGet(`${base(2)}/api/health`)).pid);
      expect(pids.size).toBe(2);
      expect(pids.has(nodes[2]!.proc.pid)).toBe(false);
    });

    it("a post published through one, with an uploaded image, is served with its image by the others at once", async () => {
      const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#2a7" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("images", new Blob([png], { type: "image/png" }), "shared.png");
      const up = await call(base(0), "POST", "/api/uploads", { form, cookie: him });
      expect(up.status, up.body).toBe(201);
      imageUrl = up.json<{ files: Array<{ url: string }> }>().files[0]!.url;
      const created = await call(base(0), "POST", "/api/posts", {
        cookie: him,
        body: {
          title: "Published on a",
          author: "him",
          content: `<p>Shared.</p><img class="post-image post-image--full post-image--large" src="${imageUrl}" alt="" data-image-id="i">`,
          images: [{ id: "i", url: imageUrl, position: "full", size: "large", pairedWith: null }],
        },
      });
      expect(created.status, created.body).toBe(201);
      postId = created.json<{ id: string }>().id;
      for (const i of [1, 2]) {
        const post = await call(base(i), "GET", `/api/posts/${postId}`);
        expect(post.status).toBe(200);
        expect(post.json<{ content: string }>().content).toContain(`${imageUrl}.480w.webp 480w`);
        const image = await fetch(`${base(i)}${imageUrl}`);
        expect(image.status).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/png");
        expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1000);
        const variant = await fetch(`${base(i)}${imageUrl}.960w.webp`);
        expect(variant.headers.get("content-type")).toBe("image/webp");
      }
      // Through the load balancer the image is fetched from Duet once, then from nginx's cache.
      const first = await fetch(`${lb}${imageUrl}`);
      const second = await fetch(`${lb}${imageUrl}`);
      expect([first.status, first.headers.get("x-cache-status")]).toEqual([200, "MISS"]);
      expect([second.status, second.headers.get("x-cache-status")]).toEqual([200, "HIT"]);
      expect(second.headers.get("content-type")).toBe("image/png");
    });

    it("a comment edited on one changes on all", async () => {
      const reader = await signUp(base(1), "reader-edit@example.com");
      // Every process reads (and caches) the thread first.
      for (const i of [0, 1, 2])
        expect((await call(base(i), "GET", `/api/posts/${postId}/comments`)).status).toBe(200);
      const made = await call(base(1), "POST", `/api/posts/${postId}/comments`, {
        cookie: reader,
        body: { content: "First thoughts" },
      });
      expect(made.status, made.body).toBe(201);
      const commentId = made.json<{ id: string }>().id;
      const edited = await call(base(2), "PATCH", `/api/comments/${commentId}`, {
        cookie: reader,
        body: { content: "Second thoughts" },
      });
      expect(edited.status, edited.body).toBe(200);
      for (const i of [0, 1, 2]) {
        await eventually(async () => {
          const body = (await call(base(i), "GET", `/api/posts/${postId}/comments`)).body;
          return body.includes("Second thoughts") && !body.includes("First thoughts");
        }, `the edit on process ${nodes[i]!.name}`);
      }
    });

    it("200 like toggles spread over the three keep the count equal to the rows", async () => {
      const readers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signUp(base(i % 3), `liker-${i}@example.com`)),
      );
      const toggles = Array.from({ length: 200 }, (_, i) => i);
      // 8 readers toggling at once, each request to the next process in turn.
      await Promise.all(
        readers.map(async (cookie, r) => {
          for (const i of toggles.filter((t) => t % readers.length === r)) {
            const res = await call(base(i % 3), "POST", `/api/posts/${postId}/like`, { cookie });
            expect(res.status, res.body).toBe(200);
          }
        }),
      );
      const { rows } = await db.query<{ likes: number; n: string }>(
        `select likes, (select count(*) from post_likes where post_id = $1) as n from blog_posts where id = $1`,
        [postId],
      );
      expect(rows[0]!.likes).toBe(Number(rows[0]!.n));
      // 25 toggles each: odd, so every reader ends liking it.
      expect(rows[0]!.likes).toBe(8);
      for (const i of [0, 1, 2]) {
        await eventually(
          async () =>
            (await call(base(i), "GET", `/api/posts/${postId}`)).json<{ likes: number }>().likes === 8,
          `the count on process ${nodes[i]!.name}`,
        );
      }
    });

    it("a session made on one is known to the others, and the sign-in limit counts across all three", async () => {
      const cookie = await signUp(base(0), "sessions@example.com");
      for (const i of [1, 2]) {
        const res = await call(base(i), "GET", "/api/session", { cookie });
        expect(res.json<{ viewer: { email: string } | null }>().viewer?.email).toBe("sessions@example.com");
      }
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMIT; i++) {
        const res = await call(base(i % 3), "POST", "/api/auth/sign-in/email", {
          body: { email: "sessions@example.com", password: "wrong-password-1" },
          ip,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(RATE_LIMIT).fill(401), 429]);
    });

    it("a rolling restart under steady reads and writes loses no request and no acknowledged write", async () => {
      const writers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signUp(lb, `writer-${i}@example.com`)),
      );
      const failures: string[] = [];
      const acknowledged: string[] = [];
      let reads = 0;
      let writes = 0;
      let running = true;
      const readLoop = async () => {
        while (running) {
          const url = reads % 2 ? `/api/posts/${postId}` : "/api/posts?author=him";
          reads++;
          const res = await call(lb, "GET", url).catch((e: Error) => ({ status: 0, body: e.message }));
          if (res.status !== 200) failures.push(`GET ${url}: ${res.status} ${res.body.slice(0, 200)}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const writeLoop = async (cookie: string, w: number) => {
        for (let n = 0; running; n++) {
          writes++;
          const res = await call(lb, "POST", `/api/posts/${postId}/comments`, {
            cookie,
            body: { content: `writer ${w} comment ${n}` },
          }).catch((e: Error) => ({ status: 0, body: e.message, json: () => ({}) as { id: string } }));
          if (res.status === 201) acknowledged.push(res.json<{ id: string }>().id);
          else failures.push(`POST comment: ${res.status} ${res.body.slice(0, 200)}`);
          // About 24 comments a minute per writer: under the per-account write limit (30 a minute).
          await new Promise((r) => setTimeout(r, 2_500));
        }
      };
      const load = [...Array.from({ length: 3 }, readLoop), ...writers.map(writeLoop)];
      await new Promise((r) => setTimeout(r, 1_000));
      for (const node of nodes) {
        node.proc.child.kill("SIGTERM");
        const exit = await node.proc.exited;
        expect({ node: node.name, code: exit.code }).toEqual({ node: node.name, code: 0 });
        node.proc = await startNode(node);
        await eventually(
          async () => (await fetch(`${base(nodes.indexOf(node))}/api/ready`)).status === 200,
          `process ${node.name} ready again`,
          30_000,
        );
        await new Promise((r) => setTimeout(r, 500));
      }
      running = false;
      await Promise.all(load);
      console.log(
        `rolling restart: ${reads} reads and ${writes} writes through nginx, ${failures.length} failed, ${acknowledged.length} writes acknowledged`,
      );
      expect(failures).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(20);
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from comments where id = any($1::uuid[])`,
        [acknowledged],
      );
      expect(Number(rows[0]!.n)).toBe(acknowledged.length);
      expect(nginx.errors()).not.toMatch(/\[(error|crit|alert|emerg)\].*(no live upstreams)/);
    }, 400_000);
  },
);
