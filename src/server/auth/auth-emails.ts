import type { Db } from "../db/client";
import type { Config } from "../env";
import { noticeHtml } from "../mail/letters/notice-letter";
import type { OutgoingMail } from "../mail/mailer";
import { siteNameNow } from "../settings/settings-now.reads";

// Better Auth's two emails in the letters' design. ARCHITECTURE: the first URL containing `reset`
// (or `verify`) is the link to follow, in both parts.

export async function resetPasswordEmail(
  db: Db,
  config: Config,
  to: string,
  url: string,
): Promise<OutgoingMail> {
  const siteName = await siteNameNow(db, config);
  const asked = `Someone asked to reset the password of your ${siteName} account.`;
  const ignore = "If it was not you, ignore this email.";
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `${asked}\n\nTo choose a new password, open this link within an hour:\n${url}\n\n${ignore}\n`,
    html: noticeHtml({
      siteName,
      siteUrl: config.publicUrl,
      heading: "Choose a new password",
      intro: [asked, "To choose a new password, open this link within an hour:"],
      action: { label: "Choose a new password", url },
      outro: [ignore],
    }),
  };
}

export async function verifyAuthorEmail(
  db: Db,
  config: Config,
  to: string,
  url: string,
): Promise<OutgoingMail> {
  const siteName = await siteNameNow(db, config);
  const confirm = `Confirm that this address is yours to manage the ${siteName} blog:`;
  const ignore = "If you did not register, ignore this email.";
  return {
    to,
    subject: `Confirm your ${siteName} author address`,
    text: `${confirm}\n${url}\n\n${ignore}\n`,
    html: noticeHtml({
      siteName,
      siteUrl: config.publicUrl,
      heading: "Confirm your author address",
      intro: [confirm],
      action: { label: "Confirm this address", url },
      outro: [ignore],
    }),
  };
}
