import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listHeaders } from "../../audience/list-headers";
import { ConfigError, loadConfig } from "../../env";
import { verifyDkim } from "../../test/dkim-verify";
import { createMailer } from "../mailer";
import { newsletterParts } from "./newsletter";
import { SAMPLE_CONTENT, SAMPLE_IMAGES } from "./sample-post";

// A DKIM-signed newsletter through a real SMTP server on loopback: the signature verifies against
// the public key the DNS record would publish, and the headers arrive as sent.

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();

let smtp: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

describe("DKIM", () => {
  it("signs the newsletter; the signature verifies and the list headers arrive", async () => {
    const keyFile = path.join(tmpdir(), `duet-dkim-${process.pid}.pem`);
    writeFileSync(keyFile, privatePem);
    const config = loadConfig(
      {
        PUBLIC_URL: "https://blog.example.com",
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        DKIM_DOMAIN: "example.com",
        DKIM_SELECTOR: "duet",
        DKIM_PRIVATE_KEY_FILE: keyFile,
      },
      null,
    );
    const mailer = createMailer({
      from: "Duet <no-reply@example.com>",
      smtpUrl: config.smtpUrl,
      outboxDir: "/nonexistent",
      messageIdDomain: "blog.example.com",
      dkim: config.dkim,
    });
    const parts = newsletterParts({
      publicUrl: config.publicUrl,
      siteName: "Duet",
      blogName: "Her Blog",
      blogPath: "/her-blog",
      post: { id: "p1", title: "Lisbon in spring", content: SAMPLE_CONTENT, images: SAMPLE_IMAGES },
      authorName: "Ana",
      authorPhotoUrl: null,
      unsubscribeUrl: "https://blog.example.com/subscriptions?unsubscribe=t",
      preview: "We took the early train...",
    });
    await mailer.send({
      to: "reader@example.org",
      subject: "New on Her Blog: Lisbon in spring",
      ...parts,
      headers: {
        "List-Unsubscribe": "<https://blog.example.com/api/follow/unsubscribe?token=t>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        ...listHeaders(config.publicUrl, "Her Blog", "her"),
      },
    });
    mailer.close();
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    expect(verifyDkim(raw, publicPem)).toEqual({ domain: "example.com", selector: "duet" });
    // One changed byte in the body and it no longer verifies.
    expect(() => verifyDkim(raw.replace("They also eat maps", "They also eat mops"), publicPem)).toThrow();
    // RFC 8058 §4: both List-Unsubscribe fields are signed, so neither can be changed on the way.
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/im.exec(raw)![1]!.replace(/\s+/g, "").split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));
    const oneClick = "List-Unsubscribe-Post: List-Unsubscribe=One-Click";
    expect(raw).toContain(oneClick);
    expect(() => verifyDkim(raw.replace(oneClick, `${oneClick}x`), publicPem)).toThrow();
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toMatch(/@blog\.example\.com>$/);
    expect(parsed.headers.get("precedence")).toBe("bulk");
    expect(parsed.headers.get("list")).toMatchObject({
      id: { id: "her-blog.blog.example.com", name: "Her Blog" },
    });
    expect(parsed.html).toContain("Lisbon in spring");
    expect(parsed.text).toContain("They also eat maps.");
  });

  it("is all or nothing, with a key that parses, named at start", () => {
    const load = (env: Record<string, string>) => () => loadConfig(env, null);
    expect(loadConfig({}, null).dkim).toBeNull();
    expect(load({ DKIM_DOMAIN: "example.com" })).toThrow(/DKIM_SELECTOR/);
    expect(load({ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "duet" })).toThrow(/DKIM_PRIVATE_KEY/);
    expect(load({ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "duet", DKIM_PRIVATE_KEY: "nope" })).toThrow(
      /DKIM_PRIVATE_KEY: must be a PEM private key/,
    );
    expect(
      load({ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY_FILE: "/no/such" }),
    ).toThrow(ConfigError);
    const escaped = privatePem.replace(/\n/g, "\\n");
    expect(
      loadConfig({ DKIM_DOMAIN: "example.com", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY: escaped }, null).dkim,
    ).toMatchObject({ domainName: "example.com", keySelector: "s" });
  });
});
