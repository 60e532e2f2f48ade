import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FOLLOW_RATE_LIMIT } from "../../common/limits";
import { followers, mailQueue } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";
import { CONFIRMATION_LIMITS } from "./recipient-limits";

// Follow confirmations cannot bomb one mailbox, however many clients ask.

let t: TestApp;
let clock = new Date("2026-03-01T08:00:00Z");
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const HOUR = 60 * 60_000;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" }, { now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  await t.ctx.db.delete(followers);
  t.mailer.sent = [];
  later(3 * 24 * HOUR); // every test starts on a fresh day for every limit
});

const follow = (email: string, authors: string[], remoteAddress: string) =>
  t.request({ method: "POST", url: "/api/follow", payload: { email, authors }, remoteAddress });

async function sentTo(email: string) {
  await t.ctx.audienceMail.drain();
  return t.mailer.to(email);
}

describe("POST /api/follow › confirmations are limited per recipient", () => {
  it("20 client addresses × 5 requests for one victim put at most 1 email in the mailbox, each answered alike", async () => {
    const answers = [];
    for (let client = 0; client < 20; client++)
      for (let i = 0; i < 5; i++)
        answers.push(await follow("victim@example.com", ["him"], `198.51.${client}.${10 + i}`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((r) => r.body))).toEqual(
      new Set([JSON.stringify({ confirmationSent: true })]),
    );
    expect(await sentTo("victim@example.com")).toHaveLength(1);
  });

  it("a repeated request while one waits keeps the first link working; after an hour one more goes out", async () => {
    await follow("slow@example.com", ["her"], "198.51.100.1");
    const [first] = await sentTo("slow@example.com");
    await follow("slow@example.com", ["her"], "198.51.100.2");
    expect(await sentTo("slow@example.com")).toHaveLength(1);
    later(HOUR + 1000);
    await follow("slow@example.com", ["her"], "198.51.100.3");
    const mails = await sentTo("slow@example.com");
    expect(mails).toHaveLength(2);
    // The same link both times: whoever asked again did not void the one the reader may be opening.
    const link = (text: string) => /\/subscriptions\?confirm=\S+/.exec(text)![0];
    expect(link(mails[1]!.text)).toBe(link(first!.text));
    const confirm = new URL(`http://x${link(first!.text)}`).searchParams.get("confirm")!;
    const res = await t.request({
      method: "POST",
      url: "/api/follow/confirm",
      payload: { tokens: [confirm] },
    });
    expect(res.json()).toEqual({ following: ["her"] });
  });

  it("the other blog may be asked for while one waits; at most 3 confirmations a day in all", async () => {
    await follow("both@example.com", ["him"], "198.51.100.1");
    await follow("both@example.com", ["him", "her"], "198.51.100.2");
    const mails = await sentTo("both@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "[Duet] Confirm that you want to follow His Blog",
      "[Duet] Confirm that you want to follow Her Blog",
    ]);
    for (let hour = 0; hour < 5; hour++) {
      later(HOUR + 1000);
      await follow("both@example.com", ["him"], `198.51.100.${10 + hour}`);
    }
    expect(await sentTo("both@example.com")).toHaveLength(CONFIRMATION_LIMITS.perDay);
    later(24 * HOUR);
    await follow("both@example.com", ["him"], "198.51.100.99");
    expect(await sentTo("both@example.com")).toHaveLength(CONFIRMATION_LIMITS.perDay + 1);
  });

  it("two processes' worth of concurrent requests still queue one email", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => follow("race@example.com", ["him"], `203.0.113.${i + 1}`)),
    );
    expect(await sentTo("race@example.com")).toHaveLength(1);
  });

  it("a signed-in reader asking again for their own address gets one email too", async () => {
    const reader = await t.signUp({ email: "own@example.com" });
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/follow",
        payload: { authors: ["him"] },
        cookie: reader.cookie,
      });
      expect(res.json()).toEqual({ confirmationSent: true });
    }
    expect(await sentTo("own@example.com")).toHaveLength(1);
  });
});

describe("POST /api/follow › the per-client limit counts an IPv6 client by its /64", () => {
  it("many addresses from one /64 share one limit; another /64 has its own", async () => {
    for (let i = 1; i <= FOLLOW_RATE_LIMIT.max; i++)
      expect(
        (await follow(`v6-${i}@example.com`, ["him"], `2001:db8:7:7::${i.toString(16)}`)).statusCode,
      ).toBe(200);
    const limited = await follow("v6-next@example.com", ["him"], "2001:db8:7:7:abcd:1:2:3");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBeTruthy();
    expect((await follow("v6-other@example.com", ["him"], "2001:db8:7:8::1")).statusCode).toBe(200);
  });
});
