import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestMailboxVerification } from "../../audience/mailbox-verification";
import { queueNewPostEmails } from "../../audience/post-emails";
import { resetPasswordEmail, verifyAuthorEmail } from "../../auth/auth-emails";
import { saveAuthorProfile } from "../../authors/author-profiles.repository";
import { blogPosts } from "../../db/schema";
import { saveSiteSettings } from "../../settings/site-settings.repository";
import { createPost } from "../../test/factories";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { createMailer, type OutgoingMail } from "../mailer";
import { SAMPLE_CONTENT, SAMPLE_IMAGES } from "./sample-post";

// Every kind of email, as a mail app receives it: through our mailer to an .eml, then parsed by
// mailparser. HTML and text parts, headers, links to the right pages, images the server serves.

let t: TestApp;
const SITE = "http://127.0.0.1:3000";
const outbox = mkdtempSync(path.join(tmpdir(), "duet-letters-"));
const mailer = createMailer({
  from: "Our Duet <no-reply@127.0.0.1>",
  smtpUrl: undefined,
  outboxDir: outbox,
  messageIdDomain: "127.0.0.1",
});

/** The email as its .eml file says, parsed. */
async function received(mail: OutgoingMail): Promise<ParsedMail> {
  const before = new Set(readdirSync(outbox));
  await mailer.send(mail);
  const file = readdirSync(outbox).find((f) => !before.has(f))!;
  return simpleParser(readFileSync(path.join(outbox, file)));
}

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const srcs = (html: string) =>
  [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#6b8fa3" } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  const him = await t.as("him");
  for (const image of SAMPLE_IMAGES) {
    const key = image.url.replace("/uploads/", "");
    const data =
      image.id === "right"
        ? await sharp({ create: { width: 900, height: 1200, channels: 4, background: "#c9a36b80" } })
            .png()
            .toBuffer()
        : await jpeg(image.width!, image.height!);
    await t.ctx.storage.put(key, data);
  }
  await t.ctx.storage.put("blog-images/1700000000000_ana.jpg", await jpeg(300, 300));
  // The names in the stored settings, not SITE_NAME's default.
  await saveSiteSettings(
    t.ctx.db,
    { siteName: "Our Duet", herBlogName: "Ana's Notes" },
    { userId: him.id, userEmail: him.email, changes: {} },
    t.ctx.now(),
  );
  t.ctx.cache.invalidate();
});
afterAll(() => t.close());

describe("the new-post letter", () => {
  let letter: ParsedMail;
  let raw: OutgoingMail;
  let postId: string;
  let postSlug: string;

  beforeAll(async () => {
    const follow = await t.request({
      method: "POST",
      url: "/api/follow",
      payload: { email: "reader@example.com", authors: ["her"] },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    await t.ctx.audienceMail.drain();
    const confirmation = t.mailer.to("reader@example.com").at(-1)!;
    const tokens = new URL(/https?:\/\/\S+/.exec(confirmation.text)![0]).searchParams
      .get("confirm")!
      .split(",");
    expect(
      (await t.request({ method: "POST", url: "/api/follow/confirm", payload: { tokens } })).statusCode,
    ).toBe(200);
    await saveAuthorProfile(
      t.ctx.db,
      {
        author: "her",
        name: "Ana",
        bio: "",
        photoUrl: "/uploads/blog-images/1700000000000_ana.jpg",
        photoWidth: 300,
      },
      t.ctx.now(),
    );
    const row = await createPost(t.ctx, {
      author: "her",
      title: "Lisbon in spring",
      content: SAMPLE_CONTENT,
      hashtags: ["travel", "lisbon"],
    });
    await t.ctx.db.update(blogPosts).set({ images: SAMPLE_IMAGES }).where(eq(blogPosts.id, row.id));
    postId = row.id;
    postSlug = row.slug;
    const post = {
      ...row,
      imageUrl: null,
      excerpt: "",
      date: row.date.toISOString(),
      images: SAMPLE_IMAGES,
    };
    expect(await queueNewPostEmails(t.ctx.db, t.config, post, t.ctx.now())).toBe(1);
    await t.ctx.audienceMail.drain();
    raw = t.mailer.to("reader@example.com").at(-1)!;
    letter = await received(raw);
  });

  it("has the whole post in a designed HTML part and a plain-text part", () => {
    expect(letter.subject).toBe("New on Ana's Notes: Lisbon in spring");
    const html = letter.html as string;
    expect(html).toMatch(/<h1[^>]*>.*Lisbon in spring/);
    expect(html).toContain("<strong>Ana</strong>");
    expect(html).toMatch(/<h2[^>]*>The harbour<\/h2>/);
    expect(html).toMatch(/<blockquote[^>]*>.*They also eat maps\./);
    expect(html).toMatch(/<li[^>]*>.*Too many books/);
    expect(html).toContain('<span style="color:teal">a teal door</span>');
    expect(html).toContain("The harbour at seven");
    expect(html).toContain("#travel");
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).not.toContain(".webp");
    // The pair is one row of two columns, which the phone CSS stacks.
    expect(html.match(/class="l-pair-cell"/g)).toHaveLength(2);
    const text = letter.text!;
    expect(text).toContain("Lisbon in spring\nBy Ana · Ana's Notes");
    expect(text).toContain("They also eat maps.");
    expect(text).toContain("Too many books");
    expect(text).toContain("Tram 28");
    expect(text).toContain("#travel #lisbon");
    expect(text).toContain(`Read on the blog: ${SITE}/post/${postSlug}`);
    expect(text).toMatch(
      /You follow Ana's Notes on Our Duet\. Unsubscribe with one click: http:\/\/\S+unsubscribe=/,
    );
  });

  it("says it is list mail from our domain, with RFC 8058's one-click unsubscribe", () => {
    expect(letter.headers.get("list")).toMatchObject({
      id: { id: "her-blog.127.0.0.1", name: "Ana's Notes" },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    expect(letter.headers.get("precedence")).toBe("bulk");
    expect(raw.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/127\.0\.0\.1:3000\/api\/follow\/unsubscribe\?token=/,
    );
    expect(letter.messageId).toMatch(/^<[\w-]+@127\.0\.0\.1>$/);
  });

  it("links to the post, the blog, its tags and the unsubscribe page, which exist", async () => {
    const ours = hrefs(letter.html as string).filter((h) => h.startsWith(SITE));
    const paths = new Set(
      ours.map((h) => h.slice(SITE.length).replace(/token=[\w-]+|unsubscribe=[\w-]+/, "$TOKEN")),
    );
    expect([...paths].sort()).toEqual(
      [
        "/",
        `/post/${postSlug}`,
        `/post/${postSlug}#comments-heading`,
        "/her-blog",
        "/tags/travel",
        "/tags/lisbon",
        "/subscriptions?$TOKEN",
      ].sort(),
    );
    expect(hrefs(letter.html as string).filter((h) => !h.startsWith(SITE))).toEqual([
      "https://example.com/lisbon",
    ]);
    const unsubscribe = ours.find((h) => h.includes("/subscriptions?"))!;
    const page = await t.request({ method: "GET", url: unsubscribe.slice(SITE.length) });
    expect(page.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/posts/${postId}` })).statusCode).toBe(200);
  });

  it("shows images the server serves as JPEG or PNG, at most 600 px wide", async () => {
    const images = srcs(letter.html as string);
    expect(images).toHaveLength(4); // the author's photo, the harbour, the pair
    for (const src of images) {
      expect(src.startsWith(`${SITE}/mail-images/blog-images/`)).toBe(true);
      const res = await t.request({ method: "GET", url: src.slice(SITE.length) });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^image\/(jpeg|png)$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBeLessThanOrEqual(600);
      expect(meta.format).toBe(src.includes("right") ? "png" : "jpeg");
    }
    expect((await t.request({ method: "GET", url: "/mail-images/blog-images/missing.jpg" })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ method: "GET", url: "/mail-images/blog-images/..%2fsecret.jpg" })).statusCode,
    ).toBe(404);
  });
});

describe("the short emails, in the same design", () => {
  /** Both parts, the site name in force, and the one link to follow in each part. */
  async function check(mail: OutgoingMail, link: RegExp) {
    const parsed = await received(mail);
    const html = parsed.html as string;
    expect(html).toContain("prefers-color-scheme: dark");
    expect(html).toContain("Our Duet");
    expect(parsed.text).toMatch(link);
    const url = link.exec(parsed.text!)![0];
    expect(hrefs(html)).toContain(url);
    expect(hrefs(html).every((h) => h.startsWith(SITE))).toBe(true);
    expect(parsed.messageId).toMatch(/@127\.0\.0\.1>$/);
    return parsed;
  }

  it("follow confirmation", async () => {
    await t.request({
      method: "POST",
      url: "/api/follow",
      payload: { email: "two@example.com", authors: ["him", "her"] },
    });
    await t.ctx.audienceMail.drain();
    const mail = t.mailer.to("two@example.com").at(-1)!;
    const parsed = await check(mail, /http:\/\/\S+\/subscriptions\?confirm=\S+/);
    expect(parsed.subject).toBe("[Our Duet] Confirm that you want to follow His Blog and Ana's Notes");
  });

  it("comment and reply notifications", async () => {
    const her = await t.as("her");
    const reader = await t.signUp({ email: "commenter@example.com", verified: true });
    const post = await createPost(t.ctx, { author: "her", title: "Tiles" });
    const add = async (cookie: string, content: string, replyTo?: string) => {
      const res = await t.request({
        method: "POST",
        url: `/api/posts/${post.id}/comments`,
        cookie,
        payload: { content, ...(replyTo ? { replyTo } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const first = await add(reader.cookie, "Lovely blue ones");
    await add(her.cookie, "Thank you!", first.id);
    await t.ctx.audienceMail.drain();
    const comment = await check(t.mailer.to(her.email).at(-1)!, /http:\/\/\S+\/post\/\S+#comment-\S+/);
    expect(comment.subject).toBe('[Our Duet] commenter commented on "Tiles"'); // SPEC §3: the email prefix
    expect(comment.html).toContain("Lovely blue ones");
    const reply = await check(
      t.mailer.to("commenter@example.com").at(-1)!,
      /http:\/\/\S+\/post\/\S+#comment-\S+/,
    );
    expect(reply.text).toContain('"Thank you!"');
  });

  it("notification address verification, password reset, author address verification", async () => {
    const user = await t.signUp({ email: "prove@example.com" });
    expect(await requestMailboxVerification(t.ctx.db, t.config, user.id, t.ctx.now())).toBe("sent");
    await t.ctx.audienceMail.drain();
    await check(t.mailer.to("prove@example.com").at(-1)!, /http:\/\/\S+\/subscriptions\?verify=\S+/);
    const reset = await check(
      await resetPasswordEmail(
        t.ctx.db,
        t.config,
        "prove@example.com",
        `${SITE}/api/auth/reset-password/tok?callbackURL=%2F`,
      ),
      /http:\/\/\S+reset\S+/,
    );
    expect(reset.subject).toBe("Reset your Our Duet password");
    const verify = await check(
      await verifyAuthorEmail(
        t.ctx.db,
        t.config,
        "her@duet.local",
        `${SITE}/api/auth/verify-email?token=tok&callbackURL=/`,
      ),
      /http:\/\/\S+verify\S+/,
    );
    expect(verify.subject).toBe("Confirm your Our Duet author address");
  });
});
