import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../db/schema";
import { ConfigError, loadConfig, parseTrustProxy } from "../env";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// TRUST_PROXY decides request.ip, the key of every per-IP limit (sign-in, sign-up, reset, contact).

const message = (subject: string) => ({
  name: "Ada Reader",
  email: "ada@example.com",
  subject,
  message: "Hello",
});

async function storedIp(t: TestApp, subject: string): Promise<string | null> {
  const [row] = await t.ctx.db
    .select({ ip: contactMessages.ip })
    .from(contactMessages)
    .where(eq(contactMessages.subject, subject));
  return row?.ip ?? null;
}

function contact(
  t: TestApp,
  subject: string,
  remoteAddress: string,
  forwardedFor?: string,
): ReturnType<TestApp["request"]> {
  return t.request({
    method: "POST",
    url: "/api/contact",
    payload: message(subject),
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
}

describe("TRUST_PROXY › configuration", () => {
  it("is off when unset, and accepts true, a hop count or a comma list of addresses", () => {
    expect(loadConfig({}, null).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }, null).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }, null).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }, null).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8, ::1, loopback" }, null).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  it.each(["maybe", "10.0.0.1; rm -rf /", "example.com", "1,,x", "-1"])(
    "refuses %j with a one-line message naming TRUST_PROXY",
    (value) => {
      expect(parseTrustProxy(value)).toBeNull();
      expect(() => loadConfig({ TRUST_PROXY: value }, null)).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }, null)).toThrow(/TRUST_PROXY/);
    },
  );
});

describe("TRUST_PROXY unset (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For: the socket address is the client", async () => {
    expect((await contact(t, "unset-1", "192.0.2.50", "203.0.113.7")).statusCode).toBe(201);
    expect(await storedIp(t, "unset-1")).toBe("192.0.2.50");
  });

  it("a client cannot dodge the contact limit by inventing X-Forwarded-For values", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await contact(t, `unset-limit-${i}`, "192.0.2.51", `198.51.100.${i}`)).statusCode).toBe(201);
    }
    const blocked = await contact(t, "unset-limit-6", "192.0.2.51", "198.51.100.99");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("TRUST_PROXY=1 (one reverse proxy in front)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  it("keys on the address the proxy saw, not on the proxy's", async () => {
    await contact(t, "hop-1", "127.0.0.1", "203.0.113.8");
    expect(await storedIp(t, "hop-1")).toBe("203.0.113.8");
  });

  it("ignores entries the client prepended itself", async () => {
    await contact(t, "hop-2", "127.0.0.1", "1.1.1.1, 203.0.113.9");
    expect(await storedIp(t, "hop-2")).toBe("203.0.113.9");
  });

  it("readers behind the same proxy have separate contact limits", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await contact(t, `hop-a-${i}`, "127.0.0.1", "203.0.113.20")).statusCode).toBe(201);
    }
    expect((await contact(t, "hop-a-6", "127.0.0.1", "203.0.113.20")).statusCode).toBe(429);
    expect((await contact(t, "hop-b-1", "127.0.0.1", "203.0.113.21")).statusCode).toBe(201);
  });

  it("an IPv6 reader counts by their /64 (clientKey): its addresses share one contact limit", async () => {
    for (let i = 1; i <= 5; i++) {
      const from = `2001:db8:9:9::${i.toString(16)}`;
      expect((await contact(t, `v6-a-${i}`, "127.0.0.1", from)).statusCode).toBe(201);
    }
    expect((await contact(t, "v6-a-6", "127.0.0.1", "2001:db8:9:9:ffff::6")).statusCode).toBe(429);
    expect((await contact(t, "v6-b-1", "127.0.0.1", "2001:db8:9:a::1")).statusCode).toBe(201);
  });

  it("readers behind the same proxy have separate sign-in limits", async () => {
    const { email } = await t.signUp();
    const signIn = (password: string, client: string) =>
      t.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: `probe-${client}-${Math.random()}@example.com`.replace(/ /g, ""), password },
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": client },
      });
    for (let i = 0; i < 10; i++) expect((await signIn("whatever-pass", "203.0.113.30")).statusCode).toBe(401);
    expect((await signIn("whatever-pass", "203.0.113.30")).statusCode).toBe(429);
    const other = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.31" },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("TRUST_PROXY as a list of proxy addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: "10.0.0.0/8" });
  });
  afterAll(() => t.close());

  it("believes X-Forwarded-For only from a listed proxy", async () => {
    await contact(t, "list-1", "10.1.2.3", "203.0.113.40");
    expect(await storedIp(t, "list-1")).toBe("203.0.113.40");
    await contact(t, "list-2", "192.0.2.60", "203.0.113.41");
    expect(await storedIp(t, "list-2")).toBe("192.0.2.60");
  });
});
