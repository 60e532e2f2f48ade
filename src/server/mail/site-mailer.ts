import path from "node:path";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { siteNameNow } from "../settings/settings-now.reads";
import { createMailer, type Mailer, type Sender } from "./mailer";

/**
 * The sender every email carries: MAIL_FROM as it is when set; otherwise the site's name in force
 * (Settings, else SITE_NAME), read when each message goes, over the no-reply address. A name is
 * given to nodemailer apart from the address, so '&', quotes or commas in it stay a name.
 */
export function senderOf(config: Config, db: () => Db): Sender {
  const address = config.mailFromAddress;
  if (!address) return config.mailFrom;
  return async () => ({ name: await siteNameNow(db(), config), address });
}

/** The process's mailer: SMTP_URL or the outbox, Message-IDs on our host, DKIM when configured. */
export function siteMailer(config: Config, db: () => Db, log?: (line: string) => void): Mailer {
  return createMailer({
    from: senderOf(config, db),
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    ...(log ? { log } : {}),
    messageIdDomain: new URL(config.publicUrl).hostname,
    dkim: config.dkim,
  });
}
