import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../env";
import { siteMailer } from "../mail/site-mailer";
import { saveSiteSettings } from "../settings/site-settings.repository";
import { verifyDkim } from "../test/dkim-verify";
import { createPost, postComment } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";

// The letters as they leave over a real SMTP server on loopback, read back with mailparser: who
// a comment email names, the sender's name after Settings change it, and what DKIM signs.

// Each test builds its own app (its own sender settings): slower than one shared app.
vi.setConfig({ testTimeout: 90_000 });

const received: Array<{ to: string[]; raw: string }> = [];
let smtp: SMTPServer;
let smtpUrl: string;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
  received.length = 0;
});

/** An app whose mailer is the one the server builds (site-mailer.ts), over the loopback server. */
async function smtpApp(env: Record<string, string> = {}) {
  const full = {
    PUBLIC_URL: "http://127.0.0.1:3000",
    SMTP_URL: smtpUrl,
    MAIL_QUEUE_PER_MINUTE: "100000",
    ...env,
  };
  let t: TestApp | undefined;
  const mailer = siteMailer(loadConfig(full, null), () => t!.ctx.db);
  t = await buildTestApp(full, { mailer });
  apps.push(t);
  // The authors' accounts first: their verification emails go through the same server.
  await t.as("him");
  await t.as("her");
  received.length = 0;
  return t;
}

const letterTo = async (address: string) => {
  const mail = received.filter((m) => m.to.includes(address)).at(-1);
  expect(mail, `a letter to ${address}`).toBeTruthy();
  return { raw: mail!.raw, parsed: await simpleParser(mail!.raw) };
};
const sender = (from: AddressObject | undefined) => from?.value[0];
const visible = (s: string) => s.replace(/\u200b/g, "");

describe("a comment email over SMTP", () => {
  it("names the reader as a name no mail app links, under the site's name from Settings", async () => {
    const t = await smtpApp();
    const her = await t.as("her");
    const settings = await t.request({
      method: "PUT",
      url: "/api/settings",
      cookie: her.cookie,
      payload: { siteName: "Leo & Maya" },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const post = await createPost(t.ctx, { author: "her", title: "A weekend in Lisbon" });
    for (const email of ["reader.ana@example.com", "www.evil.example@example.org"]) {
      const reader = await t.signUp({ email });
      await postComment(t, post.id, reader, "What a lovely weekend");
    }
    await t.ctx.audienceMail.drain();
    const mails = received.filter((m) => m.to.includes(her.email));
    expect(mails).toHaveLength(2);

    const ana = await simpleParser(mails[0]!.raw);
    expect(visible(ana.subject!)).toBe('[Leo & Maya] reader.ana commented on "A weekend in Lisbon"');
    expect(sender(ana.from)).toEqual({ name: "Leo & Maya", address: "no-reply@127.0.0.1" });
    expect(visible(ana.text!)).toContain("reader.ana wrote:");
    expect(visible(ana.html as string)).toContain("reader.ana wrote:");
    expect(visible(ana.html as string)).toContain("reader.ana commented on");
    expect(ana.text).not.toContain("[link removed]");

    // A name that reads like an address is shown as written, but never as one piece a mail app
    // could make a link of, and our own links are the only ones.
    const evil = await simpleParser(mails[1]!.raw);
    expect(visible(evil.subject!)).toBe('[Leo & Maya] www.evil.example commented on "A weekend in Lisbon"');
    expect(evil.subject).not.toContain("evil.example");
    for (const body of [evil.text!, evil.html as string]) {
      expect(visible(body)).toContain("www.evil.example wrote:");
      expect(body).not.toContain("www.evil.example");
      expect(body).not.toContain("evil.example");
    }
    const hrefs = [...(evil.html as string).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    for (const href of hrefs) expect(href).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
  });

  it("keeps MAIL_FROM as it is when it is set", async () => {
    const t = await smtpApp({ MAIL_FROM: "Leo and Maya <hello@example.com>" });
    const her = await t.as("her");
    await t.request({
      method: "PUT",
      url: "/api/settings",
      cookie: her.cookie,
      payload: { siteName: "Other" },
    });
    const post = await createPost(t.ctx, { author: "her", title: "Tiles" });
    await postComment(t, post.id, await t.signUp({ email: "bea@example.com" }), "Blue ones");
    await t.ctx.audienceMail.drain();
    const { parsed } = await letterTo(her.email);
    expect(parsed.subject).toBe('[Other] bea commented on "Tiles"');
    expect(sender(parsed.from)).toEqual({ name: "Leo and Maya", address: "hello@example.com" });
  });
});

describe("a follower letter over SMTP, DKIM-signed", () => {
  it("signs both List-Unsubscribe fields (RFC 8058 §4), under the site's name from Settings", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const t = await smtpApp({
      DKIM_DOMAIN: "127.0.0.1",
      DKIM_SELECTOR: "duet",
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n"),
    });
    const him = await t.as("him");
    const look = { siteName: "Leo & Maya", accentLight: "#1d4ed8", accentDark: "#93c5fd" };
    const put = await t.request({ method: "PUT", url: "/api/settings", cookie: him.cookie, payload: look });
    expect(put.statusCode, put.body).toBe(200);
    // The logo as Settings stores it (an upload; the settings tests check what may be one).
    await saveSiteSettings(
      t.ctx.db,
      { ...look, logoUrl: "/uploads/blog-images/1700000000000_logo.png" },
      { userId: him.id, userEmail: him.email, changes: {} },
      t.ctx.now(),
    );
    const follow = await t.request({
      method: "POST",
      url: "/api/follow",
      payload: { email: "ann@example.com", authors: ["him"] },
    });
    expect(follow.statusCode, follow.body).toBe(200);
    await t.ctx.audienceMail.drain();
    const confirm = (await letterTo("ann@example.com")).parsed.text!;
    const link = /https?:\/\/\S+\/subscriptions\?confirm=[\w%,-]+/.exec(confirm)![0];
    const tokens = decodeURIComponent(new URL(link).searchParams.get("confirm")!).split(",");
    expect(
      (await t.request({ method: "POST", url: "/api/follow/confirm", payload: { tokens } })).statusCode,
    ).toBe(200);
    received.length = 0;
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { author: "him", title: "Signed", content: "<p>Signed words.</p>", hashtags: [], images: [] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.publishing.kick();
    await t.ctx.audienceMail.drain();

    const { raw, parsed } = await letterTo("ann@example.com");
    expect(parsed.subject).toMatch(/Signed/);
    expect(sender(parsed.from)).toEqual({ name: "Leo & Maya", address: "no-reply@127.0.0.1" });
    // It looks like the site: the accent on links and the button, the logo before the name.
    const html = parsed.html as string;
    expect(html).toContain("background-color:#1d4ed8");
    expect(html).toMatch(/<a[^>]+href="http:\/\/127\.0\.0\.1:3000\/post\/[^"]+"[^>]+color:#1d4ed8/);
    expect(html).toContain("color: #93c5fd !important");
    expect(html).not.toContain("#9a3d2b");
    expect(html).toMatch(
      /<img[^>]+src="http:\/\/127\.0\.0\.1:3000\/mail-images\/blog-images\/1700000000000_logo\.png"/,
    );
    const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(verifyDkim(raw, publicPem)).toEqual({ domain: "127.0.0.1", selector: "duet" });
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/im.exec(raw)![1]!.replace(/\s+/g, "").split(":");
    expect(signed).toEqual(expect.arrayContaining(["from", "list-unsubscribe", "list-unsubscribe-post"]));
    const oneClick = "List-Unsubscribe-Post: List-Unsubscribe=One-Click";
    expect(raw).toContain(oneClick);
    expect(() => verifyDkim(raw.replace(oneClick, `${oneClick}x`), publicPem)).toThrow();
  });
});
