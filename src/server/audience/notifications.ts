import { and, eq } from "drizzle-orm";
import { notificationsStop, urlOf } from "../../common/api";
import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { NOTIFICATION_KINDS } from "../../common/schemas/follow";
import type { Db } from "../db/client";
import { blogPosts, comments, notificationSettings, user } from "../db/schema";
import { type Config, normaliseEmail } from "../env";
import { noticeHtml } from "../mail/letters/notice-letter";
import { newToken } from "../secret";
import { withSiteNameNow } from "../settings/settings-now.reads";
import { partnerTakeAuthor } from "../takes/takes.reads";
import { subscriptionsPage } from "./emails";
import { cancelPendingOfKind, enqueueMail, type NewQueuedMail } from "./mail-queue.repository";
import { isProvenMailbox } from "./mailbox-verification";
import { excerptOf, unlinkedName } from "./notification-text";
import {
  ago,
  lockRecipient,
  NOTIFICATION_WINDOW_MS,
  NOTIFICATIONS_PER_HOUR,
  queuedSince,
} from "./recipient-limits";

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
type NotificationSwitches = Record<NotificationKind, boolean>;

/** A user's settings row, made on first use (both kinds on, a fresh link token). */
export async function settingsFor(db: Db, userId: string) {
  await db.insert(notificationSettings).values({ userId, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row!;
}

/** Switch a kind on or off; switching off cancels what is still queued of it. */
export async function setNotifications(
  db: Db,
  userId: string,
  change: Partial<NotificationSwitches>,
): Promise<NotificationSwitches> {
  const current = await settingsFor(db, userId);
  // An UPDATE with nothing to set is an SQL error, not a no-op.
  if (NOTIFICATION_KINDS.every((kind) => change[kind] === undefined)) {
    return {
      replies: current.replies,
      comments: current.comments,
      takes: current.takes,
      notes: current.notes,
    };
  }
  const [row] = await db
    .update(notificationSettings)
    .set(change)
    .where(eq(notificationSettings.userId, userId))
    .returning();
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (account) {
    if (change.replies === false) await cancelPendingOfKind(db, account.email, "reply");
    if (change.comments === false) await cancelPendingOfKind(db, account.email, "comment");
    if (change.takes === false) await cancelPendingOfKind(db, account.email, "takes");
    if (change.notes === false) await cancelPendingOfKind(db, account.email, "note");
  }
  return { replies: row!.replies, comments: row!.comments, takes: row!.takes, notes: row!.notes };
}

/** The emailed "stop these emails" link: switch one kind off by the settings token. */
export async function stopByToken(db: Db, token: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.token, token));
  if (!row) return false;
  await setNotifications(db, row.userId, { [kind]: false });
  return true;
}

export const oneClick = (config: Config, token: string, kind: NotificationKind) =>
  `${config.publicUrl}${urlOf(notificationsStop, {}, { token, kind })}`;

/**
 * A comment was written: its post's author gets an email (unless they wrote it), and for a reply,
 * the writer of the comment it answers (unless they answered themselves). One email per person;
 * each kind can be switched off; only to a proven mailbox (mailbox-verification.ts); at most
 * NOTIFICATIONS_PER_HOUR to one address. A held comment tells only the post's author.
 */
export async function queueCommentNotifications(
  db: Db,
  env: Config,
  comment: Comment,
  now: Date,
): Promise<number> {
  const [post] = await db
    .select({ title: blogPosts.title, author: blogPosts.author, slug: blogPosts.slug })
    .from(blogPosts)
    .where(eq(blogPosts.id, comment.postId));
  if (!post) return 0;
  const config = await withSiteNameNow(db, env);
  const link = `${config.publicUrl}${paths.post(post.slug)}#comment-${comment.id}`;
  const rows: Array<(last: boolean) => NewQueuedMail> = [];
  const told = new Set<string>([comment.userId]);

  const answered = comment.replyTo?.id ?? comment.parentId;
  if (answered && !comment.held) {
    const [target] = await db
      .select({ userId: comments.userId, email: user.email, emailVerified: user.emailVerified })
      .from(comments)
      .innerJoin(user, eq(user.id, comments.userId))
      .where(eq(comments.id, answered));
    if (target && !told.has(target.userId)) {
      told.add(target.userId);
      const s = await settingsFor(db, target.userId);
      if (s.replies && isProvenMailbox(target, s))
        rows.push(
          mail(
            config,
            "reply",
            target.email,
            comment,
            s.token,
            link,
            (name) => `${name} replied to your comment on "${post.title}"`,
          ),
        );
    }
  }

  // The post's author; on a two-takes post's one conversation, the other take's author too
  // (decision 0046), for a published comment (approving a held one is the post's author's).
  const partner = comment.held ? null : await partnerTakeAuthor(db, comment.postId);
  for (const author of partner ? [post.author, partner] : [post.author]) {
    const owner = await authorAccount(db, config, author);
    if (!owner || told.has(owner.id)) continue;
    told.add(owner.id);
    const s = await settingsFor(db, owner.id);
    if (s.comments)
      rows.push(
        mail(
          config,
          "comment",
          owner.email,
          comment,
          s.token,
          link,
          comment.held
            ? () => `A comment on "${post.title}" waits for your approval`
            : (name) => `${name} commented on "${post.title}"`,
        ),
      );
  }
  let queued = 0;
  for (const row of rows) queued += await queueWithinHourlyCap(db, row, now);
  return queued;
}

/** NOTIFICATIONS_PER_HOUR per address: past it nothing is queued; the last one says so. */
async function queueWithinHourlyCap(
  db: Db,
  build: (last: boolean) => NewQueuedMail,
  now: Date,
): Promise<number> {
  const row = build(false);
  const to = normaliseEmail(row.toEmail);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockRecipient(tx, to);
    const lately = await queuedSince(tx, to, ["reply", "comment"], ago(now, NOTIFICATION_WINDOW_MS));
    if (lately >= NOTIFICATIONS_PER_HOUR) return 0;
    const mail = lately === NOTIFICATIONS_PER_HOUR - 1 ? build(true) : row;
    return enqueueMail(tx, [{ ...mail, toEmail: to, createdAt: now, nextAttemptAt: now }]);
  });
}

export const LAST_IN_HOUR =
  "You have had many of these emails in the last hour: the next ones this hour are not sent. Everything is on the site.";

/** An author's account, once its address is confirmed (the configured address, signed up). */
export async function authorAccount(db: Db, config: Config, author: AuthorKey) {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(eq(user.email, config.authorEmails[author]), eq(user.emailVerified, true)));
  return row ?? null;
}

/** The email: who wrote, a short link-free quote (notification-text.ts), our link, how to stop. */
function mail(
  config: Config,
  kind: "reply" | "comment",
  to: string,
  comment: Comment,
  token: string,
  link: string,
  sentence: (name: string) => string,
): (last: boolean) => NewQueuedMail {
  const settingKind: NotificationKind = kind === "reply" ? "replies" : "comments";
  const stop = subscriptionsPage(config, { notifications: token, kind: settingKind });
  // The name as written, but never one piece a mail app could link, in the subject as in the body.
  const who = `${unlinkedName(comment.author)} wrote:`;
  const quoted = excerptOf(comment.content);
  const profile = `${config.publicUrl}/profile`;
  return (last) => ({
    kind,
    toEmail: to,
    commentId: comment.id,
    subject: `[${config.siteName}] ${sentence(unlinkedName(comment.author))}`,
    text: [
      who,
      "",
      `"${quoted}"`,
      "",
      `Read it all and answer on ${config.siteName}: ${link}`,
      "",
      ...(last ? [LAST_IN_HOUR, ""] : []),
      "--",
      `Stop these emails with one click: ${stop}`,
      `(or switch them off on your profile: ${profile})`,
    ].join("\n"),
    html: noticeHtml({
      siteName: config.siteName,
      siteUrl: config.publicUrl,
      heading: sentence(unlinkedName(comment.author)),
      intro: [],
      quote: { who, text: quoted },
      action: { label: "Read it and answer", url: link },
      outro: last ? [LAST_IN_HOUR] : [],
      footer: [
        { before: "Stop these emails with one click:", label: "stop", url: stop },
        { before: "Or switch them off on", label: "your profile", url: profile },
      ],
    }),
    unsubscribeUrl: oneClick(config, token, settingKind),
  });
}
