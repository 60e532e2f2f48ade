import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer, linksIn } from "./mailer";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("mailer without SMTP_URL", () => {
  it("writes each email as one .eml file in the outbox and logs its subject and links", async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "duet-mail-")), "outbox");
    dirs.push(path.dirname(outboxDir));
    const lines: string[] = [];
    const mailer = createMailer({
      from: "Duet <no-reply@duet.local>",
      smtpUrl: undefined,
      outboxDir,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: "her@duet.local",
      subject: "Confirm your Duet author address",
      text: "Open http://127.0.0.1:3000/api/auth/verify-email?token=abc&callbackURL=%2Flogin to confirm.",
    });
    await mailer.send({ to: "him@duet.local", subject: "Second", text: "No links here." });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".eml"))).toBe(true);
    const all = files.map((f) => readFileSync(path.join(outboxDir, f), "utf8")).join("\n");
    expect(all).toMatch(/^To: her@duet\.local$/m);
    expect(all).toMatch(/^Subject: Confirm your Duet author address$/m);
    expect(all).toContain("From: Duet <no-reply@duet.local>");
    expect(
      lines.some((l) => l.includes("her@duet.local") && l.includes('"Confirm your Duet author address"')),
    ).toBe(true);
    expect(lines).toContain(
      "  link: http://127.0.0.1:3000/api/auth/verify-email?token=abc&callbackURL=%2Flogin",
    );
    mailer.close();
  });

  it("linksIn finds every http(s) link in a text", () => {
    expect(linksIn("a http://x.test/a b https://y.test/b?c=1\nend")).toEqual([
      "http://x.test/a",
      "https://y.test/b?c=1",
    ]);
  });
});

describe("mailer with SMTP_URL", () => {
  it("delivers through a real SMTP server on loopback", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "duet-mail-")), "outbox");
    dirs.push(path.dirname(outboxDir));
    const mailer = createMailer({
      from: "Duet <no-reply@duet.local>",
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir,
    });
    try {
      await mailer.send({
        to: "reader@example.com",
        subject: "Reset your Duet password",
        text: "Open http://127.0.0.1:3000/api/auth/reset-password/tok?callbackURL=x",
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Reset your Duet password/m);
      expect(received[0]).toMatch(/^To: reader@example\.com/m);
      expect(received[0]).toContain("reset-password/tok");
      expect(() => readdirSync(outboxDir)).toThrow();
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
