import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailQueue, user } from "../db/schema";
import { createPost, postComment } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { LAST_IN_HOUR } from "./notifications";
import { NOTIFICATIONS_PER_HOUR } from "./recipient-limits";

// Reply notifications cannot relay spam to an address nobody proved.

let t: TestApp;
let clock = new Date("2026-03-01T08:00:00Z");
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const HOUR = 60 * 60_000;
let him: TestUser;
let victim: TestUser;
let spammer: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" }, { now: () => clock });
  him = await t.as("him");
  // Anyone can register any address: SPEC's registration asks for no proof.
  victim = await t.signUp({ email: "victim@example.com", name: "Victim" });
  spammer = await t.signUp({ email: "www.spam-shop.example@example.com", name: "Spammer" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  t.mailer.sent = [];
  later(2 * 24 * HOUR);
});

const SPAM = "Cheap pills at https://spam-shop.example/buy and spam-shop.example today";

const comment = (postId: string, who: TestUser, content: string, replyTo?: string) =>
  postComment(t, postId, who, content, replyTo);

async function mailTo(email: string) {
  await t.ctx.audienceMail.drain();
  return t.mailer.to(email);
}

const call = (method: "GET" | "POST" | "PATCH", url: string, who: TestUser | null, payload?: unknown) =>
  t.request({
    method,
    url,
    cookie: who?.cookie,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** Ask for the link as `who`, open it from the mailbox, press the page's button. */
async function prove(who: TestUser) {
  const asked = await call("POST", "/api/notifications/verify-request", who);
  expect(asked.statusCode, asked.body).toBe(200);
  await t.ctx.audienceMail.drain();
  const link = t.mailer.linkFor(who.email, "/subscriptions?verify=");
  expect(link, "verification link").toBeTruthy();
  const token = new URL(link!).searchParams.get("verify");
  const res = await call("POST", "/api/notifications/verify", null, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ verified: true });
  return token!;
}

describe("reply notifications go only to a proven mailbox", () => {
  it("a reader whose address nobody proved gets no reply email; after the emailed link, they do", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Trip" });
    const top = await comment(post.id, victim, "Nice");
    await comment(post.id, spammer, SPAM, top.id);
    expect(await mailTo("victim@example.com")).toEqual([]);
    const before = await call("GET", "/api/notifications", victim);
    expect(before.json()).toEqual({
      replies: true,
      comments: true,
      takes: true,
      notes: true,
      verified: false,
    });

    await prove(victim);
    expect((await call("GET", "/api/notifications", victim)).json()).toMatchObject({ verified: true });
    t.mailer.sent = [];
    await comment(post.id, spammer, "A second answer", top.id);
    const mails = await mailTo("victim@example.com");
    // The writer's name as written, never as one piece a mail app could link.
    expect(mails.map((m) => m.subject.replaceAll("\u200b", ""))).toEqual([
      '[Duet] www.spam-shop.example replied to your comment on "Trip"',
    ]);
    expect(mails[0]!.subject).not.toContain("www.spam-shop.example");
  });

  it("switching replies on sends the link once an hour, whoever keeps asking; a proven address is not asked again", async () => {
    const reader = await t.signUp({ email: "asker@example.com" });
    await call("PATCH", "/api/notifications", reader, { replies: false });
    for (let i = 0; i < 4; i++) {
      const on = await call("PATCH", "/api/notifications", reader, { replies: true });
      expect(on.json()).toEqual({
        replies: true,
        comments: true,
        takes: true,
        notes: true,
        verified: false,
        verificationSent: true,
      });
      await call("POST", "/api/notifications/verify-request", reader);
    }
    const mails = await mailTo("asker@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["[Duet] Confirm your address for notification emails"]);
    // The author's address was proven when it was registered: no link.
    const asked = await call("POST", "/api/notifications/verify-request", him);
    expect(asked.json()).toMatchObject({ verified: true, verificationSent: false });
    expect(await mailTo(him.email)).toEqual([]);
  });

  it("the link proves the mailbox for notifications only: a stranger holding an author's address gains nothing", async () => {
    const t2 = await t.signUp({ email: "her@duet.local", name: "Not her" });
    await prove(t2);
    const [row] = await t.ctx.db.select().from(user).where(eq(user.email, "her@duet.local"));
    expect(row!.emailVerified).toBe(false);
    expect((await call("GET", "/api/follow/stats", t2)).statusCode).toBe(403);
  });

  it("the proof is for the address proven: once the account's address changes, it must be proven again", async () => {
    const mover = await t.signUp({ email: "mover@example.com" });
    await prove(mover);
    expect((await call("GET", "/api/notifications", mover)).json()).toMatchObject({ verified: true });
    await t.ctx.db.update(user).set({ email: "moved@example.com" }).where(eq(user.id, mover.id));
    expect((await call("GET", "/api/notifications", mover)).json()).toMatchObject({ verified: false });
  });

  it("refuses visitors (401) and bad, unknown or used links (400/404), storing nothing", async () => {
    expect((await call("POST", "/api/notifications/verify-request", null)).statusCode).toBe(401);
    for (const payload of [
      {},
      { token: 12 },
      { token: "short" },
      { token: "x".repeat(100_000) },
      { token: "a".repeat(43), extra: true },
      null,
    ]) {
      const res = await call("POST", "/api/notifications/verify", null, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
    const unknown = await call("POST", "/api/notifications/verify", null, { token: "a".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("This link is not valid or has expired.");
    const reader = await t.signUp({ email: "twice@example.com" });
    const token = await prove(reader);
    expect((await call("POST", "/api/notifications/verify", null, { token })).statusCode).toBe(404);
    // A link works for a week.
    const late = await t.signUp({ email: "late@example.com" });
    await call("POST", "/api/notifications/verify-request", late);
    await t.ctx.audienceMail.drain();
    const link = new URL(t.mailer.linkFor(late.email, "/subscriptions?verify=")!);
    later(8 * 24 * HOUR);
    const expired = { token: link.searchParams.get("verify") };
    expect((await call("POST", "/api/notifications/verify", null, expired)).statusCode).toBe(404);
    expect((await call("GET", "/api/notifications", late)).json()).toMatchObject({ verified: false });
  });
});

describe("what a notification may carry", () => {
  it("never the writer's link: a short, link-free quote and our own link only", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Links" });
    const top = await comment(post.id, victim, "Mine");
    await comment(post.id, spammer, `${SPAM} ${"and more words ".repeat(40)}`, top.id);
    const toVictim = await mailTo("victim@example.com");
    expect(toVictim).toHaveLength(1);
    const all = [...toVictim, (await mailTo(him.email)).at(-1)!];
    for (const mail of all) {
      const whole = `${mail.subject}\n${mail.text}\n${mail.html ?? ""}`;
      // The link in the text is scrubbed; the name that reads like one is broken by zero-width spaces.
      expect(whole).not.toMatch(/spam-shop\.example/i);
      expect(whole).toContain("[link removed]");
      const links = whole.match(/https?:\/\/\S+/g) ?? [];
      expect(links.every((l) => l.startsWith("http://127.0.0.1:3000/"))).toBe(true);
      const quoted = /"(.*)"/.exec(mail.text)![1]!;
      expect(quoted.length).toBeLessThanOrEqual(200);
    }
  });

  it(`at most ${NOTIFICATIONS_PER_HOUR} to one address an hour; the last says so; the next hour more`, async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Busy" });
    const top = await comment(post.id, victim, "Start");
    for (let i = 0; i < NOTIFICATIONS_PER_HOUR + 5; i++)
      await comment(post.id, spammer, `Reply ${i}`, top.id);
    const mails = await mailTo("victim@example.com");
    expect(mails).toHaveLength(NOTIFICATIONS_PER_HOUR);
    expect(mails.at(-1)!.text).toContain(LAST_IN_HOUR);
    expect(mails.at(-2)!.text).not.toContain(LAST_IN_HOUR);
    later(HOUR + 1000);
    await comment(post.id, spammer, "Later", top.id);
    expect(await mailTo("victim@example.com")).toHaveLength(NOTIFICATIONS_PER_HOUR + 1);
  });
});
