import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_TEXT, type AudienceFollowers, type ImportResult } from "../../common/audience-page";
import { followers, mailQueue } from "../db/schema";
import { newToken } from "../secret";
import { requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// The studio's Audience page: each author sees and manages the followers of their own blog only.

const clock = new Date("2025-06-30T09:00:00.000Z").getTime();
const now = () => new Date(clock);
let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" }, { now });
  ({ him, her, reader } = await signInRoles(t));
});
afterAll(() => t.close());

const req = (method: "GET" | "POST" | "DELETE", url: string, who: TestUser | null, payload?: unknown) =>
  requestAs(t, method, url, who, payload);
const DAY = 86_400_000;

async function seed() {
  const at = (days: number) => new Date(clock - days * DAY);
  await t.ctx.db.insert(followers).values([
    { email: "ann@example.com", author: "him", token: newToken(), createdAt: at(40), confirmedAt: at(40) },
    {
      email: "bob@example.com",
      author: "him",
      token: newToken(),
      createdAt: at(20),
      confirmedAt: at(20),
      unsubscribedAt: at(5),
    },
    { email: "cat@example.com", author: "him", token: newToken(), createdAt: at(3) },
    {
      email: "dan@example.com",
      author: "him",
      token: newToken(),
      createdAt: at(10),
      confirmedAt: at(10),
      bouncedAt: at(1),
      bounceCount: 3,
      bounceReason: "550 5.1.1 mailbox does not exist",
    },
    { email: "eve@example.com", author: "her", token: newToken(), createdAt: at(2), confirmedAt: at(2) },
  ]);
}

const list = async (who: TestUser, query = "") => {
  const res = await req("GET", `/api/audience/followers${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json() as AudienceFollowers;
};

describe("GET /api/audience/followers", () => {
  it("counts, lists newest first with status and reason, searches, filters; the chart follows the dates", async () => {
    await seed();
    const mine = await list(him);
    expect(mine.counts).toEqual({ pending: 1, active: 1, bouncing: 1, unsubscribed: 1 });
    expect(mine.items.map((f) => `${f.email} ${f.status}`)).toEqual([
      "cat@example.com pending",
      "dan@example.com bouncing",
      "bob@example.com unsubscribed",
      "ann@example.com active",
    ]);
    expect(mine.items[1]!.bounceReason).toBe("550 5.1.1 mailbox does not exist");
    expect((await list(him, "?q=BOB")).items.map((f) => f.email)).toEqual(["bob@example.com"]);
    expect((await list(him, "?q=%25")).items).toEqual([]);
    expect((await list(him, "?status=active")).items.map((f) => f.email)).toEqual(["ann@example.com"]);
    // 90 days; 41 days ago nobody, 15 days ago ann and bob, today ann alone (bob left, dan bounces).
    expect(mine.growth).toHaveLength(90);
    const day = (d: number) => mine.growth[89 - d]!.followers;
    expect([day(41), day(15), day(8), day(0)]).toEqual([0, 2, 3, 1]);
    // Her page shows her follower alone.
    expect((await list(her)).items.map((f) => f.email)).toEqual(["eve@example.com"]);
    // A new post reaches active followers only: the count the studio shows before publishing.
    expect((await req("GET", "/api/follow/stats", him)).json()).toEqual({ followers: 1 });
  });

  it("refuses visitors (401), readers (403) and bad queries (400)", async () => {
    expect((await req("GET", "/api/audience/followers", null)).statusCode).toBe(401);
    expect((await req("GET", "/api/audience/followers", reader)).statusCode).toBe(403);
    expect((await req("GET", "/api/audience/followers.csv", reader)).statusCode).toBe(403);
    for (const q of ["?status=gone", "?offset=-1", "?offset=x", "?extra=1", `?q=${"a".repeat(300)}`]) {
      const res = await req("GET", `/api/audience/followers${q}`, him);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe("export and removal", () => {
  it("exports the blog's followers as CSV; removes one of his, not one of hers", async () => {
    const res = await req("GET", "/api/audience/followers.csv", him);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="followers-him-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe("email,status,followed_at,confirmed_at,unsubscribed_at,bounced_at,bounce_reason");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 2).join(" "))).toEqual([
      "ann@example.com active",
      "bob@example.com unsubscribed",
      "dan@example.com bouncing",
      "cat@example.com pending",
    ]);
    expect(res.body).not.toContain("eve@example.com");

    const eve = (await list(her)).items[0]!;
    expect((await req("DELETE", `/api/audience/followers/${eve.id}`, him)).statusCode).toBe(404);
    expect((await req("DELETE", `/api/audience/followers/${eve.id}`, reader)).statusCode).toBe(403);
    expect((await req("DELETE", `/api/audience/followers/${eve.id}`, null)).statusCode).toBe(401);
    expect((await req("DELETE", "/api/audience/followers/not-an-id", him)).statusCode).toBe(404);
    expect((await list(her)).items).toHaveLength(1);
    const cat = (await list(him, "?q=cat")).items[0]!;
    expect((await req("DELETE", `/api/audience/followers/${cat.id}`, him)).statusCode).toBe(204);
    expect((await list(him, "?q=cat")).items).toEqual([]);
  });
});

describe("POST /api/audience/import", () => {
  const csv = [
    "Email,Name",
    "new1@example.com,One",
    '"broken@example.com,Two',
    "not-an-address,Three",
    "NEW1@example.com,Four",
    "",
    "ann@example.com,Five",
    "dan@example.com,Six",
    "bob@example.com,Seven",
    "new2@example.com",
  ].join("\n");

  it("reports each bad line and imports only the valid ones, each sent a confirmation first", async () => {
    const res = await req("POST", "/api/audience/import", him, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.problems).toEqual([
      { line: 3, text: '"broken@example.com,Two', reason: "a quote is not closed" },
      { line: 4, text: "not-an-address,Three", reason: AUDIENCE_TEXT.invalidAddress },
      { line: 5, text: "NEW1@example.com,Four", reason: AUDIENCE_TEXT.duplicate(2) },
      { line: 7, text: "ann@example.com", reason: AUDIENCE_TEXT.alreadyFollows },
      { line: 8, text: "dan@example.com", reason: AUDIENCE_TEXT.bouncing },
      { line: 9, text: "bob@example.com", reason: AUDIENCE_TEXT.unsubscribed },
    ]);
    expect(result).toMatchObject({ imported: 2, confirmationsSent: 2 });
    await t.ctx.audienceMail.drain();
    expect(t.mailer.linkFor("new1@example.com", "confirm")).toBeTruthy();
    expect(t.mailer.linkFor("new2@example.com", "confirm")).toBeTruthy();
    const pending = (await list(him, "?status=pending")).items.map((f) => f.email).sort();
    expect(pending).toEqual(["new1@example.com", "new2@example.com"]);
  });

  it("with 'they confirmed' ticked, adds them as active without an email", async () => {
    const sent = t.mailer.sent.length;
    const res = await req("POST", "/api/audience/import", her, {
      csv: "agreed@example.com\nnew1@example.com",
      confirmed: true,
    });
    expect(res.json()).toEqual({ imported: 2, confirmationsSent: 0, problems: [] });
    await t.ctx.audienceMail.drain();
    expect(t.mailer.sent.length).toBe(sent);
    expect((await list(her, "?status=active")).items.map((f) => f.email).sort()).toEqual([
      "agreed@example.com",
      "eve@example.com",
      "new1@example.com",
    ]);
  });

  it("refuses visitors, readers and malformed bodies; stores nothing", async () => {
    const before = (await t.ctx.db.select().from(followers)).length;
    expect((await req("POST", "/api/audience/import", null, { csv: "x@example.com" })).statusCode).toBe(401);
    expect((await req("POST", "/api/audience/import", reader, { csv: "x@example.com" })).statusCode).toBe(
      403,
    );
    for (const body of [
      null,
      [],
      { csv: 5 },
      { csv: "x@example.com", confirmed: "yes" },
      { csv: "x@example.com", extra: 1 },
      { csv: "x".repeat(600_000) },
      { csv: "x@example.com\n".repeat(6_000) },
    ]) {
      const res = await req("POST", "/api/audience/import", him, body);
      expect(res.statusCode, JSON.stringify(body)?.slice(0, 40)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const empty = await req("POST", "/api/audience/import", him, { csv: " \n" });
    expect(empty.json().problems[0].reason).toBe(AUDIENCE_TEXT.emptyImport);
    expect((await t.ctx.db.select().from(followers)).length).toBe(before);
  });
});

describe("per post: send to followers, and 'Send a test to me'", () => {
  const publish = async (title: string, extra: object = {}) => {
    const res = await req("POST", "/api/posts", him, {
      author: "him",
      title,
      content: `<p>${title}</p>`,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.publishing.kick();
    await t.ctx.audienceMail.drain();
    return res.json() as { id: string; sendToFollowers: boolean };
  };

  it("a post published without sending reaches nobody; the default sends; the choice is on the post", async () => {
    const quiet = await publish("Quiet one", { sendToFollowers: false });
    expect(quiet.sendToFollowers).toBe(false);
    expect(t.mailer.to("ann@example.com").some((m) => m.subject.includes("Quiet one"))).toBe(false);
    const loud = await publish("Loud one");
    expect(loud.sendToFollowers).toBe(true);
    expect(t.mailer.to("ann@example.com").filter((m) => m.subject.includes("Loud one"))).toHaveLength(1);
    // Neither the bouncing nor the unsubscribed address gets it.
    for (const gone of ["dan@example.com", "bob@example.com"])
      expect(t.mailer.to(gone).some((m) => m.subject.includes("Loud one"))).toBe(false);
    const patched = await req("PATCH" as "POST", `/api/posts/${quiet.id}`, him, { sendToFollowers: true });
    expect(patched.json().sendToFollowers).toBe(true);
    expect(
      (
        await req("POST", "/api/posts", him, {
          author: "him",
          title: "x",
          content: "<p>x</p>",
          sendToFollowers: "no",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("sends the author the follower email of the post; not the other author's post; at most 10 an hour", async () => {
    const post = await publish("Test me");
    const res = await req("POST", "/api/audience/test-email", him, { postId: post.id });
    expect(res.statusCode, res.body).toBe(202);
    await t.ctx.audienceMail.drain();
    const test = t.mailer.to(him.email).at(-1)!;
    const real = t.mailer.to("ann@example.com").find((m) => m.subject.includes("Test me"))!;
    expect(test.subject).toBe(real.subject);
    // The same email but for the follower's own link secret.
    expect(test.text.replace(/(unsubscribe=|token=)[\w-]+/g, "$1T")).toBe(
      real.text.replace(/(unsubscribe=|token=)[\w-]+/g, "$1T"),
    );
    // Each follower's email carries their own secret, rendered once and filled in by the database.
    const [ann] = await t.ctx.db.select().from(followers).where(eq(followers.email, "ann@example.com"));
    expect(real.text).toContain(`unsubscribe=${ann!.token}`);
    expect(real.headers?.["List-Unsubscribe"]).toContain(ann!.token);
    expect((await req("POST", "/api/audience/test-email", her, { postId: post.id })).statusCode).toBe(404);
    expect((await req("POST", "/api/audience/test-email", reader, { postId: post.id })).statusCode).toBe(403);
    expect((await req("POST", "/api/audience/test-email", null, { postId: post.id })).statusCode).toBe(401);
    for (const body of [{}, { postId: 1 }, { postId: "x" }, { postId: post.id, extra: true }])
      expect((await req("POST", "/api/audience/test-email", him, body)).statusCode).toBe(400);
    for (let i = 1; i < 10; i++)
      expect((await req("POST", "/api/audience/test-email", him, { postId: post.id })).statusCode).toBe(202);
    expect((await req("POST", "/api/audience/test-email", him, { postId: post.id })).statusCode).toBe(429);
    const tests = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.toEmail, him.email));
    expect(tests.filter((r) => r.kind === "post")).toHaveLength(10);
  });
});
