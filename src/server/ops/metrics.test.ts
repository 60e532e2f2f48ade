import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ METRICS: "true", METRICS_ALLOW: "10.9.0.0/16,192.0.2.7" });
});
afterAll(() => t.close());

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

describe("GET /metrics", () => {
  it("is not there unless METRICS=true", async () => {
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("counts requests and their durations by route pattern and status, for loopback", async () => {
    for (let i = 0; i < 3; i++) await t.request({ method: "GET", url: "/api/posts?author=him" });
    await t.request({ method: "GET", url: "/api/posts/00000000-0000-4000-8000-000000000000" });
    const res = await scrape("127.0.0.1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    expect(text).toMatch(
      /duet_http_requests_total\{method="GET",route="\/api\/posts",status="200",pid="\d+"\} 3/,
    );
    expect(text).toMatch(
      /duet_http_requests_total\{method="GET",route="\/api\/posts\/:id",status="404",pid="\d+"\} 1/,
    );
    expect(text).toMatch(
      /duet_http_request_duration_seconds_count\{pid="\d+",method="GET",route="\/api\/posts",status="200"\} 3/,
    );
    expect(text).not.toContain('route="/metrics"');
  });

  it("reports the cache hit ratio, the database pool and process memory", async () => {
    const text = (await scrape("127.0.0.1")).body;
    // Three identical list reads: one load, two answers from memory.
    expect(text).toMatch(/duet_cache_hits_total\{pid="\d+"\} [1-9]/);
    expect(text).toMatch(/duet_cache_misses_total\{pid="\d+"\} [1-9]/);
    expect(text).toMatch(/duet_cache_hit_ratio\{pid="\d+"\} 0\.\d+/);
    expect(text).toMatch(/duet_db_pool_connections\{state="total",pid="\d+"\} \d+/);
    expect(text).toMatch(/duet_collab_open_documents\{pid="\d+"\} 0/);
    expect(text).toMatch(/duet_process_resident_memory_bytes\{pid="\d+"\} \d+/);
  });

  it("reports the depth of the contact delivery queue", async () => {
    const sent = await t.request({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Ann",
        email: "ann@example.com",
        subject: "Hello",
        message: "A message for the queue.",
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const text = (await scrape("127.0.0.1")).body;
    expect(text).toMatch(/duet_queue_messages\{[^}]*queue="contact",status="(pending|sent)"[^}]*\} 1/);
    expect(text).toMatch(/duet_queue_retrying_messages\{[^}]*queue="contact"[^}]*\} 0/);
  });

  it("refuses other addresses with 403, and admits METRICS_ALLOW's", async () => {
    const refused = await scrape("203.0.113.5");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Metrics are not available from this address." },
    });
    expect((await scrape("10.9.200.1")).statusCode).toBe(200);
    expect((await scrape("192.0.2.7")).statusCode).toBe(200);
    expect((await scrape("192.0.2.8")).statusCode).toBe(403);
    expect((await scrape("::ffff:127.0.0.1")).statusCode).toBe(200);
  });

  it("refuses a request relayed by a proxy Duet does not trust, even from loopback", async () => {
    expect((await scrape("127.0.0.1", { "x-forwarded-for": "203.0.113.5" })).statusCode).toBe(403);
  });

  it("answers other methods with a 4xx and no metrics", async () => {
    const res = await t.request({ method: "POST", url: "/metrics", payload: {} });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain("duet_");
  });
});

describe("METRICS configuration", () => {
  it.each([
    [{ METRICS: "sometimes" }, /^Invalid environment variable METRICS: /],
    [{ METRICS_ALLOW: "10.0.0.0/8,prometheus.local" }, /^Invalid environment variable METRICS_ALLOW: /],
  ])("refuses %j with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env, null)).toThrow(ConfigError);
    expect(() => loadConfig(env, null)).toThrow(message);
  });

  it("is off by default and admits only loopback", () => {
    const config = loadConfig({}, null);
    expect(config.metrics).toBe(false);
    expect(config.metricsAllow).toEqual([]);
  });
});
