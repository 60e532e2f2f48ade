import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailQueue } from "../db/schema";
import { createPost, postComment } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  him = await t.as("him");
  her = await t.as("her");
  // Proven mailboxes: an unproven one gets no notification (notification-safety.routes.test.ts).
  ann = await t.signUp({ email: "ann@example.com", verified: true });
  bob = await t.signUp({ email: "bob@example.com", verified: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  t.mailer.sent = [];
});

async function comment(postId: string, who: TestUser, content: string, replyTo?: string) {
  const posted = await postComment(t, postId, who, content, replyTo);
  await t.ctx.audienceMail.drain();
  return posted;
}

const subjects = (to: string) => t.mailer.to(to).map((m) => m.subject);

describe("reply and comment notifications", () => {
  it("the post's author hears of each new comment; a comment's writer of each reply, not of their own", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Trip" });
    const top = await comment(post.id, ann, "Lovely");
    expect(subjects("him@duet.local")).toEqual(['[Duet] ann commented on "Trip"']);
    const mail = t.mailer.to("him@duet.local")[0]!;
    expect(mail.text).toContain("Lovely");
    expect(mail.text).toContain(`/post/${post.slug}#comment-${top.id}`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    await comment(post.id, bob, "Agreed", top.id);
    expect(subjects("ann@example.com")).toEqual(['[Duet] bob replied to your comment on "Trip"']);
    // Her own answer to a reply under her comment: nobody tells her about herself.
    await comment(post.id, ann, "Thanks", top.id);
    expect(subjects("ann@example.com")).toHaveLength(1);
    // The post's author commenting on his own post gets nothing; the other author is not told.
    await comment(post.id, him, "Thank you all");
    expect(subjects("him@duet.local")).toHaveLength(3);
    expect(subjects("her@duet.local")).toEqual([]);
  });

  it("a long comment to a browser that accepts compression is stored, answered 201 and announced", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Long" });
    for (const encoding of ["br", "gzip"]) {
      const content = `${encoding} ${"a".repeat(1990)}`;
      const res = await t.request({
        method: "POST",
        url: `/api/posts/${post.id}/comments`,
        cookie: ann.cookie,
        headers: { "accept-encoding": encoding },
        payload: { content },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers["content-encoding"]).toBe(encoding);
      await t.ctx.audienceMail.drain();
      // A notification quotes a short excerpt (notification-text.ts), not the whole comment.
      expect(t.mailer.to("him@duet.local").at(-1)?.text).toContain(content.slice(0, 150));
    }
  });

  it("a reply to the post author's comment is one email to him, not two", async () => {
    const post = await createPost(t.ctx, { author: "her", title: "Garden" });
    const mine = await comment(post.id, her, "Ask me anything");
    await comment(post.id, bob, "How?", mine.id);
    expect(subjects("her@duet.local")).toEqual(['[Duet] bob replied to your comment on "Garden"']);
  });

  it("each kind can be switched off on /profile (GET/PATCH /api/notifications) and by the email's link", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Quiet" });
    const get = await t.request({ method: "GET", url: "/api/notifications", cookie: ann.cookie });
    expect(get.json()).toEqual({ replies: true, comments: true, takes: true, notes: true, verified: true });
    const off = await t.request({
      method: "PATCH",
      url: "/api/notifications",
      cookie: ann.cookie,
      payload: { replies: false },
    });
    expect(off.json()).toEqual({ replies: false, comments: true, takes: true, notes: true, verified: true });
    const top = await comment(post.id, ann, "Mine");
    await comment(post.id, bob, "Reply", top.id);
    expect(subjects("ann@example.com")).toEqual([]);

    // Him: stop comment emails with the link in one.
    const [first] = t.mailer.to("him@duet.local");
    const link = new URL(/https?:\/\/\S+\/subscriptions\?notifications=\S+/.exec(first!.text)![0]);
    const res = await t.request({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${link.searchParams.get("notifications")}&kind=${link.searchParams.get("kind")}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stopped: "comments" });
    t.mailer.sent = [];
    await comment(post.id, bob, "Another");
    expect(subjects("him@duet.local")).toEqual([]);
    const settings = await t.request({ method: "GET", url: "/api/notifications", cookie: him.cookie });
    expect(settings.json()).toEqual({
      replies: true,
      comments: false,
      takes: true,
      notes: true,
      verified: true,
    });
  });

  it("refuses visitors (401), bad settings (400) and bad or unknown links (400/404)", async () => {
    expect((await t.request({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "PATCH", url: "/api/notifications", payload: { replies: false } }))
        .statusCode,
    ).toBe(401);
    for (const payload of [{ replies: "no" }, { comments: 1 }, { other: true }, null]) {
      const res = await t.request({
        method: "PATCH",
        url: "/api/notifications",
        cookie: bob.cookie,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A change that names no kind is the reader's mistake, not the server's.
    for (const payload of [{}, { replies: undefined }]) {
      const res = await t.request({
        method: "PATCH",
        url: "/api/notifications",
        cookie: bob.cookie,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "VALIDATION_ERROR",
          message: "Say which emails to switch: replies, comments, takes, notes, or several.",
        },
      });
    }
    for (const q of ["", "?token=short&kind=replies", `?token=${"a".repeat(43)}&kind=likes`]) {
      const res = await t.request({ method: "POST", url: `/api/notifications/unsubscribe${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    const unknown = await t.request({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${"a".repeat(43)}&kind=replies`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
