import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { followers, mailQueue } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { AudienceMail } from "./audience-mail";
import { queueNewPostEmails } from "./post-emails";

let t: TestApp;
let him: TestUser;
let her: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  him = await t.as("him");
  her = await t.as("her");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  await t.ctx.db.delete(followers);
  t.mailer.sent = [];
});

const followAs = (payload: unknown, cookie?: string, remoteAddress?: string) =>
  t.request({
    method: "POST",
    url: "/api/follow",
    payload: payload as object,
    cookie,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The tokens of the confirmation link in the last email to `to`. */
function confirmTokens(to: string): string[] {
  const link = t.mailer.linkFor(to, "/subscriptions?confirm=");
  expect(link, `confirmation link for ${to}`).toBeTruthy();
  return new URL(link!).searchParams.get("confirm")!.split(",");
}

async function confirm(to: string) {
  await t.ctx.audienceMail.drain();
  const res = await t.request({
    method: "POST",
    url: "/api/follow/confirm",
    payload: { tokens: confirmTokens(to) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function publish(author: "him" | "her", title: string, extra: object = {}) {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: (author === "him" ? him : her).cookie,
    payload: {
      author,
      title,
      content: `<p>About ${title}, at length.</p>`,
      hashtags: [],
      images: [],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The "post became public" event queues the emails; then the worker sends them.
  await t.ctx.publishing.kick();
  await t.ctx.audienceMail.drain();
  return res.json() as { id: string; slug: string };
}

const postEmailsTo = (address: string) => t.mailer.to(address).filter((m) => m.subject.startsWith("New on"));

describe("POST /api/follow (visitor, double opt-in)", () => {
  it("sends one confirmation email and nothing else until it is confirmed; then each new post once", async () => {
    const res = await followAs({ email: "  Ann@Example.com ", authors: ["him"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ confirmationSent: true });
    await t.ctx.audienceMail.drain();
    const [mail] = t.mailer.to("ann@example.com");
    expect(mail!.subject).toBe("[Duet] Confirm that you want to follow His Blog");
    await publish("him", "Before confirming");
    expect(postEmailsTo("ann@example.com")).toHaveLength(0);

    expect(await confirm("ann@example.com")).toEqual({ following: ["him"] });
    const post = await publish("him", "Lisbon in spring", { excerpt: "Tiles and trams." });
    const emails = postEmailsTo("ann@example.com");
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.subject).toBe("New on His Blog: Lisbon in spring");
    expect(email.html).toContain("Tiles and trams."); // the excerpt is the inbox preview
    expect(email.text).toContain(`http://127.0.0.1:3000/post/${post.slug}`);
    expect(email.html).toMatch(/<h1[^>]*>.*Lisbon in spring/);
    expect(email.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/127\.0\.0\.1:3000\/api\/follow\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(email.text).toMatch(
      /Unsubscribe with one click: http:\/\/127\.0\.0\.1:3000\/subscriptions\?unsubscribe=/,
    );
  });

  it("sends nothing for the other author's posts", async () => {
    await followAs({ email: "only.him@example.com", authors: ["him"] });
    await confirm("only.him@example.com");
    await publish("her", "Her news");
    expect(postEmailsTo("only.him@example.com")).toHaveLength(0);
    await publish("him", "His news");
    expect(postEmailsTo("only.him@example.com").map((m) => m.subject)).toEqual(["New on His Blog: His news"]);
  });

  it("sends nothing for a draft, and the post once when it is published", async () => {
    await followAs({ email: "drafts@example.com", authors: ["him"] });
    await confirm("drafts@example.com");
    const draft = await publish("him", "Still a draft", { status: "draft" });
    expect(postEmailsTo("drafts@example.com")).toHaveLength(0);
    const edit = await t.request({
      method: "PATCH",
      url: `/api/posts/${draft.id}`,
      cookie: him.cookie,
      payload: { status: "published" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.ctx.publishing.kick();
    await t.ctx.audienceMail.drain();
    expect(postEmailsTo("drafts@example.com").map((m) => m.subject)).toEqual([
      "New on His Blog: Still a draft",
    ]);
    // Edited again: no second email.
    await t.request({
      method: "PATCH",
      url: `/api/posts/${draft.id}`,
      cookie: him.cookie,
      payload: { title: "Renamed" },
    });
    await t.ctx.publishing.kick();
    await t.ctx.audienceMail.drain();
    expect(postEmailsTo("drafts@example.com")).toHaveLength(1);
  });

  it("follows both with one confirmation link", async () => {
    await followAs({ email: "both@example.com", authors: ["him", "her"] });
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to("both@example.com")[0]!.subject).toBe(
      "[Duet] Confirm that you want to follow His Blog and Her Blog",
    );
    expect((await confirm("both@example.com")).following.sort()).toEqual(["her", "him"]);
    await publish("her", "One");
    await publish("him", "Two");
    expect(postEmailsTo("both@example.com")).toHaveLength(2);
  });

  it("includes the thumbnail as an absolute address when the post has one", async () => {
    await followAs({ email: "pics@example.com", authors: ["her"] });
    await confirm("pics@example.com");
    const post = {
      // Stored directly: publishing through the API would have queued it already.
      id: (await createPost(t.ctx, { author: "her", title: "With a picture" })).id,
      title: "With a picture",
      excerpt: "",
      content: "<p>Text about the picture</p>",
      author: "her" as const,
      imageUrl: "/uploads/blog-images/1_pic.webp",
    };
    expect(await queueNewPostEmails(t.ctx.db, t.config, post, t.ctx.now())).toBe(1);
    expect(await queueNewPostEmails(t.ctx.db, t.config, post, t.ctx.now())).toBe(0);
    await t.ctx.audienceMail.drain();
    const [email] = postEmailsTo("pics@example.com");
    // The thumbnail kept out of the text opens the letter, as its mail variant (no WebP in mail).
    expect(email!.text).toContain("[Picture]");
    expect(email!.html).toContain('src="http://127.0.0.1:3000/mail-images/blog-images/1_pic.webp"');
    // The whole post; SPEC §5's excerpt (first 150 characters plus '...') is the inbox preview.
    expect(email!.text).toContain("Text about the picture");
    expect(email!.html).toContain("Text about the picture...");
  });

  it("answers the same for an address that already follows, without another email", async () => {
    await followAs({ email: "again@example.com", authors: ["him"] });
    await confirm("again@example.com");
    t.mailer.sent = [];
    const res = await followAs({ email: "again@example.com", authors: ["him"] });
    expect(res.json()).toEqual({ confirmationSent: true });
    await t.ctx.audienceMail.drain();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it("refuses bad input with 400 and a clear message, storing nothing", async () => {
    const cases: Array<[unknown, string]> = [
      [{ authors: ["him"] }, "Please enter your email address."],
      [{ email: "", authors: ["him"] }, "Please enter your email address."],
      [{ email: "not-an-email", authors: ["him"] }, "Please enter a valid email address."],
      [
        { email: "a@example.com\r\nBcc: x@example.com", authors: ["him"] },
        "Please enter a valid email address.",
      ],
      [
        { email: `${"e".repeat(250)}@example.com`, authors: ["him"] },
        "Email must be at most 254 characters.",
      ],
      [{ email: 12, authors: ["him"] }, "Email must be text."],
      [{ email: "a@example.com" }, "authors must be a list."],
      [{ email: "a@example.com", authors: [] }, "Choose his blog, her blog or both."],
      [{ email: "a@example.com", authors: ["him", "him"] }, "Choose his blog, her blog or both."],
      [{ email: "a@example.com", authors: ["them"] }, "authors must be 'him' and/or 'her'."],
      [{ email: "a@example.com", authors: ["him"], confirmed: true }, "Unknown field: confirmed."],
      [null, "The request body must be a JSON object."],
    ];
    for (const [payload, message] of cases) {
      const res = await followAs(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const [rows] = await t.ctx.db.select({ n: count() }).from(followers);
    expect(rows!.n).toBe(0);
  });

  it("limits follow requests per address (429) and refuses cross-site requests (403)", async () => {
    const ip = "10.250.0.9";
    for (let i = 0; i < 5; i++)
      expect(
        (await followAs({ email: `r${i}@example.com`, authors: ["him"] }, undefined, ip)).statusCode,
      ).toBe(200);
    const limited = await followAs({ email: "r9@example.com", authors: ["him"] }, undefined, ip);
    expect(limited.statusCode).toBe(429);
    const cross = await t.request({
      method: "POST",
      url: "/api/follow",
      payload: { email: "x@example.com", authors: ["him"] },
      headers: { origin: "https://evil.example" },
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe("a signed-in reader follows in one click", () => {
  it("with their account's address: confirmation email when unverified; at once when verified", async () => {
    const reader = await t.signUp({ email: "signed.in@example.com" });
    const res = await followAs({ authors: ["her"] }, reader.cookie);
    expect(res.json()).toEqual({ confirmationSent: true });
    await confirm("signed.in@example.com");
    const mine = await t.request({ method: "GET", url: "/api/follow", cookie: reader.cookie });
    expect(mine.json()).toEqual({ following: ["her"] });

    const verified = await t.signUp({ email: "verified@example.com", verified: true });
    expect((await followAs({ authors: ["him"] }, verified.cookie)).json()).toEqual({
      confirmationSent: false,
    });
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to("verified@example.com")).toHaveLength(0);
    await publish("him", "Straight away");
    expect(postEmailsTo("verified@example.com")).toHaveLength(1);
  });

  it("GET /api/follow needs a signed-in reader (401)", async () => {
    expect((await t.request({ method: "GET", url: "/api/follow" })).statusCode).toBe(401);
  });
});

describe("confirm and unsubscribe links", () => {
  it("refuse a malformed (400) or unknown (404) token", async () => {
    for (const tokens of [[], ["short"], ["x".repeat(200)], "abc", ["bad token with spaces!!"]]) {
      const res = await t.request({ method: "POST", url: "/api/follow/confirm", payload: { tokens } });
      expect(res.statusCode, JSON.stringify(tokens)).toBe(400);
    }
    const unknown = await t.request({
      method: "POST",
      url: "/api/follow/confirm",
      payload: { tokens: ["a".repeat(43)] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("This link is not valid or has expired.");
    expect((await t.request({ method: "POST", url: "/api/follow/unsubscribe" })).statusCode).toBe(400);
    const none = await t.request({ method: "POST", url: `/api/follow/unsubscribe?token=${"b".repeat(43)}` });
    expect(none.statusCode).toBe(404);
  });

  it("unsubscribe by the email's link (the page's POST): no more posts, and what was queued is cancelled", async () => {
    await followAs({ email: "leaver@example.com", authors: ["him"] });
    await confirm("leaver@example.com");
    const first = await publish("him", "Last one");
    expect(postEmailsTo("leaver@example.com")).toHaveLength(1);
    const link = t.mailer.linkFor("leaver@example.com", "/subscriptions?unsubscribe=")!;
    const token = new URL(link).searchParams.get("unsubscribe")!;
    // Queued but not sent yet when they leave (due in an hour, so no running worker can take it
    // first): it must not go out.
    await t.ctx.db.delete(mailQueue).where(eq(mailQueue.postId, first.id));
    await queueNewPostEmails(
      t.ctx.db,
      t.config,
      { id: first.id, title: "Again", excerpt: "", content: "<p>x</p>", author: "him", imageUrl: null },
      new Date(t.ctx.now().getTime() + 60 * 60_000),
    );
    const res = await t.request({ method: "POST", url: `/api/follow/unsubscribe?token=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: "him" });
    // Twice is fine.
    expect(
      (await t.request({ method: "POST", url: `/api/follow/unsubscribe?token=${token}` })).statusCode,
    ).toBe(200);
    await t.ctx.audienceMail.drain();
    await publish("him", "After leaving");
    expect(postEmailsTo("leaver@example.com")).toHaveLength(1);
    const [queued] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.postId, first.id));
    expect(queued!.status).toBe("cancelled");
  });

  it("unsubscribe by RFC 8058 one-click POST from a mail provider (form body, no Origin, no cookie)", async () => {
    await followAs({ email: "oneclick@example.com", authors: ["her"] });
    await confirm("oneclick@example.com");
    await publish("her", "First");
    const [email] = postEmailsTo("oneclick@example.com");
    const target = /^<(.+)>$/.exec(email!.headers!["List-Unsubscribe"] as string)![1]!;
    const res = await t.app.inject({
      method: "POST",
      url: new URL(target).pathname + new URL(target).search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    await publish("her", "Second");
    expect(postEmailsTo("oneclick@example.com")).toHaveLength(1);
  });
});

describe("GET /api/follow/stats (the author's follower count in /admin)", () => {
  it("counts only confirmed, subscribed followers of the signed-in author; visitor 401, reader 403", async () => {
    await followAs({ email: "f1@example.com", authors: ["him", "her"] });
    await confirm("f1@example.com");
    await followAs({ email: "f2@example.com", authors: ["him"] });
    await confirm("f2@example.com");
    await followAs({ email: "pending@example.com", authors: ["him"] });
    const stats = async (cookie?: string) => t.request({ method: "GET", url: "/api/follow/stats", cookie });
    expect((await stats(him.cookie)).json()).toEqual({ followers: 2 });
    expect((await stats(her.cookie)).json()).toEqual({ followers: 1 });
    expect((await stats()).statusCode).toBe(401);
    expect((await stats((await t.as("user")).cookie)).statusCode).toBe(403);
  });
});

describe("exactly once per follower and post", () => {
  it("holds when the post is queued twice and two workers (two processes) race over the queue", async () => {
    for (const e of ["x1@example.com", "x2@example.com", "x3@example.com"]) {
      await followAs({ email: e, authors: ["him"] });
      await confirm(e);
    }
    await t.ctx.audienceMail.stop();
    t.mailer.sent = [];
    const post = {
      id: (
        await t.request({
          method: "POST",
          url: "/api/posts",
          cookie: him.cookie,
          payload: { author: "him", title: "Raced", content: "<p>Raced</p>", hashtags: [], images: [] },
        })
      ).json().id as string,
      title: "Raced",
      excerpt: "",
      content: "<p>Raced</p>",
      author: "him" as const,
      imageUrl: null,
    };
    // The "post became public" event queued them already; queueing again adds nothing.
    await t.ctx.publishing.kick();
    expect(await queueNewPostEmails(t.ctx.db, t.config, post, t.ctx.now())).toBe(0);
    const worker = () =>
      new AudienceMail({ db: t.ctx.db, mailer: t.mailer, now: t.ctx.now, perMinute: 100_000 });
    const a = worker();
    const b = worker();
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(postEmailsTo("x1@example.com")).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.subject === "New on His Blog: Raced")).toHaveLength(3);
    const rows = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.kind, "post"));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    await a.stop();
    await b.stop();
  });
  // (Last in this file: it stops the app's own worker.)
});
