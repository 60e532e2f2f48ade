import { paths } from "../../common/routes";
import { publicAuthorName } from "../../common/site-names";
import { authorProfilesNow } from "../authors/authors.reads";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { noticeHtml } from "../mail/letters/notice-letter";
import { draftNoteFor } from "../notes/notes.reads";
import { sharedPostNotice } from "../posts/post-shares.reads";
import { withSiteNameNow } from "../settings/settings-now.reads";
import { openProposal } from "../takes/takes.reads";
import { subscriptionsPage } from "./emails";
import { enqueueMail } from "./mail-queue.repository";
import { authorAccount, oneClick, settingsFor } from "./notifications";

// What one author's studio work tells the other by email (decisions 0046, 0048 and 0050): a
// two-takes proposal, a note in the margin, a draft shared (on the notes' switch). Each kind is switched off on /profile or by the email's
// one-click link; each is queued in its event's delivery transaction, so exactly once.

type Partner = "him" | "her";
const other = (author: Partner): Partner => (author === "him" ? "her" : "him");

interface Notice {
  kind: "takes" | "notes";
  to: Partner;
  /** Says who did what: `{name}` is the other author's public name. */
  heading: (name: string) => string;
  lines: string[];
  action: { label: string; path: string };
}

async function queueAuthorNotice(db: Db, env: Config, notice: Notice, now: Date): Promise<number> {
  const config = await withSiteNameNow(db, env);
  const account = await authorAccount(db, config, notice.to);
  if (!account) return 0;
  const settings = await settingsFor(db, account.id);
  if (!settings[notice.kind]) return 0;
  const from = other(notice.to);
  const profiles = await authorProfilesNow(db, config.authorEmails);
  const heading = notice.heading(publicAuthorName(from, profiles.find((p) => p.author === from)?.name));
  const url = `${config.publicUrl}${notice.action.path}`;
  const stop = subscriptionsPage(config, { notifications: settings.token, kind: notice.kind });
  const profile = `${config.publicUrl}/profile`;
  return enqueueMail(db, [
    {
      kind: notice.kind === "takes" ? "takes" : "note",
      toEmail: account.email,
      subject: `[${config.siteName}] ${heading}`,
      text: [
        heading,
        "",
        ...notice.lines,
        "",
        `${notice.action.label}: ${url}`,
        "",
        "--",
        `Stop these emails with one click: ${stop}`,
        `(or switch them off on your profile: ${profile})`,
      ].join("\n"),
      html: noticeHtml({
        siteName: config.siteName,
        siteUrl: config.publicUrl,
        heading,
        intro: notice.lines,
        action: { label: notice.action.label, url },
        outro: [],
        footer: [
          { before: "Stop these emails with one click:", label: "stop", url: stop },
          { before: "Or switch them off on", label: "your profile", url: profile },
        ],
      }),
      unsubscribeUrl: oneClick(config, settings.token, notice.kind),
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}

/** A two-takes proposal: its partner is told (decision 0046). */
export async function queueProposalNotification(
  db: Db,
  env: Config,
  pairId: string,
  now: Date,
): Promise<number> {
  const pair = await openProposal(db, pairId);
  if (!pair) return 0;
  const when = pair.revealAt
    ? `Revealed on ${pair.revealAt.toUTCString()} if both takes are ready by then, or as soon as both are after it.`
    : "Revealed as soon as both takes are ready.";
  const notice: Notice = {
    kind: "takes",
    to: other(pair.proposedBy),
    heading: (name) => `${name} proposed two takes on "${pair.topic}"`,
    lines: [
      ...(pair.prompt ? [`The prompt: ${pair.prompt}`] : []),
      "You each write your own take; neither reads the other's before both are revealed together.",
      when,
    ],
    action: { label: "Accept or decline in the studio", path: paths.studioPosts },
  };
  return queueAuthorNotice(db, env, notice, now);
}

/** A note in the margin, or a reply to one: the other author is told (decision 0048). */
export async function queueNoteNotification(db: Db, env: Config, noteId: string, now: Date): Promise<number> {
  const note = await draftNoteFor(db, noteId, now);
  if (!note) return 0;
  const notice: Notice = {
    kind: "notes",
    to: other(note.author),
    heading: (name) =>
      note.isReply
        ? `${name} replied to a note on "${note.title}"`
        : `${name} left a note on "${note.title}"`,
    lines: [...(note.quote ? [`On the words: "${note.quote}"`] : []), note.body],
    action: { label: "Open it in the editor", path: note.editPath },
  };
  return queueAuthorNotice(db, env, notice, now);
}

/** A draft shared with the partner: they are told, on the notes' switch (decision 0050). */
export async function queueShareNotification(
  db: Db,
  env: Config,
  postId: string,
  now: Date,
): Promise<number> {
  const post = await sharedPostNotice(db, postId, now);
  if (!post) return 0;
  const title = post.title.trim() || "Untitled";
  const notice: Notice = {
    kind: "notes",
    to: other(post.author),
    heading: (name) => `${name} shared the draft "${title}" with you`,
    lines: [
      "You can open it in the editor and write it together, live; your saves and notes are yours.",
      "Publishing, scheduling and deleting it stay with its author.",
    ],
    action: { label: "Open it in the editor", path: `${paths.post(postId)}?edit=1` },
  };
  return queueAuthorNotice(db, env, notice, now);
}
