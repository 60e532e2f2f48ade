import { paths } from "../../common/routes";
import { publicAuthorName } from "../../common/site-names";
import { authorProfilesNow } from "../authors/authors.reads";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { noticeHtml } from "../mail/letters/notice-letter";
import { withSiteNameNow } from "../settings/settings-now.reads";
import { openProposal } from "../takes/takes.reads";
import { subscriptionsPage } from "./emails";
import { enqueueMail } from "./mail-queue.repository";
import { authorAccount, oneClick, settingsFor } from "./notifications";

// Decision 0046: the partner is told of a two-takes proposal in the studio and by email, which
// they can switch off on /profile ("takes") or with the email's one-click link.

/** The partner of a proposal gets one email (in the delivery's transaction: exactly once). */
export async function queueProposalNotification(
  db: Db,
  env: Config,
  pairId: string,
  now: Date,
): Promise<number> {
  const pair = await openProposal(db, pairId);
  if (!pair) return 0;
  const partner = pair.proposedBy === "him" ? "her" : "him";
  const config = await withSiteNameNow(db, env);
  const account = await authorAccount(db, config, partner);
  if (!account) return 0;
  const settings = await settingsFor(db, account.id);
  if (!settings.takes) return 0;
  const profiles = await authorProfilesNow(db, config.authorEmails);
  const proposer = publicAuthorName(
    pair.proposedBy,
    profiles.find((p) => p.author === pair.proposedBy)?.name,
  );
  const studio = `${config.publicUrl}${paths.studioPosts}`;
  const stop = subscriptionsPage(config, { notifications: settings.token, kind: "takes" });
  const profile = `${config.publicUrl}/profile`;
  const heading = `${proposer} proposed two takes on "${pair.topic}"`;
  const when = pair.revealAt
    ? `Revealed on ${pair.revealAt.toUTCString()} if both takes are ready by then, or as soon as both are after it.`
    : "Revealed as soon as both takes are ready.";
  const lines = [
    ...(pair.prompt ? [`The prompt: ${pair.prompt}`] : []),
    "You each write your own take; neither reads the other's before both are revealed together.",
    when,
  ];
  return enqueueMail(db, [
    {
      kind: "takes",
      toEmail: account.email,
      subject: `[${config.siteName}] ${heading}`,
      text: [
        heading,
        "",
        ...lines,
        "",
        `Accept or decline in the studio: ${studio}`,
        "",
        "--",
        `Stop these emails with one click: ${stop}`,
        `(or switch them off on your profile: ${profile})`,
      ].join("\n"),
      html: noticeHtml({
        siteName: config.siteName,
        siteUrl: config.publicUrl,
        heading,
        intro: lines,
        action: { label: "Accept or decline", url: studio },
        outro: [],
        footer: [
          { before: "Stop these emails with one click:", label: "stop", url: stop },
          { before: "Or switch them off on", label: "your profile", url: profile },
        ],
      }),
      unsubscribeUrl: oneClick(config, settings.token, "takes"),
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}
