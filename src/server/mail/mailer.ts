import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { DkimConfig } from "./dkim";

/** A header's value; `prepared` ones are written as they are (already valid ASCII), not MIME-encoded. */
export type HeaderValue = string | { prepared: true; value: string };

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, HeaderValue>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A sender: fixed (MAIL_FROM), or worked out for each message (the site's name in force). */
export type Sender = string | (() => Promise<string | { name: string; address: string }>);

export interface MailerOptions {
  from: Sender;
  /** Send through this SMTP server; unset: write each email as one .eml file in outboxDir. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** Told of each email's subject and links (the console, so a person trying Duet can follow them). */
  log?: (line: string) => void;
  /** Message-IDs are `<uuid@messageIdDomain>`: the site's host, not the sender's mail provider. */
  messageIdDomain?: string;
  /** Sign every message (DKIM_DOMAIN, DKIM_SELECTOR, the key); null or unset: unsigned. */
  dkim?: DkimConfig | null;
}

/** What every message gets besides its own fields: sender, Message-ID on our domain, DKIM. */
function envelope(options: MailerOptions) {
  return async () => ({
    from: typeof options.from === "string" ? options.from : await options.from(),
    ...(options.messageIdDomain ? { messageId: `<${randomUUID()}@${options.messageIdDomain}>` } : {}),
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });
}

/** Links in a text body, so the console can show them when mail goes to the outbox. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** nodemailer is loaded with the first email, not at start (most requests send none). */
function lazyTransport(make: (mailer: typeof import("nodemailer")["default"]) => Transporter) {
  let transport: Promise<Transporter> | null = null;
  return {
    get: () => (transport ??= import("nodemailer").then((m) => make(m.default))),
    close: () => void transport?.then((t) => t.close()),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const common = envelope(options);
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = lazyTransport((m) => m.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport.get()).sendMail({ ...(await common()), ...mail });
      },
      close: transport.close,
    };
  }
  // nodemailer's stream transport renders the exact RFC 5322 message, which we keep as .eml.
  const transport = lazyTransport((m) =>
    m.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ ...(await common()), ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}_${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer);
      options.log?.(`Mail to ${[mail.to].flat().join(", ")}: "${mail.subject}" → outbox/${name}`);
      for (const link of linksIn(mail.text)) options.log?.(`  link: ${link}`);
    },
    close: () => {},
  };
}
