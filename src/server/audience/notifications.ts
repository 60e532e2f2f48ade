import { and, eq } from "drizzle-orm";
import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, comments, notificationSettings, user } from "../db/schema";
import type { Config } from "../env";
import { subscriptionsPage } from "./emails";
import { newToken } from "./followers.repository";
import { cancelPendingOfKind, enqueueMail, type NewQueuedMail } from "./mail-queue.repository";

export type NotificationKind = "replies" | "comments";

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
  change: Partial<Record<NotificationKind, boolean>>,
): Promise<{ replies: boolean; comments: boolean }> {
  await settingsFor(db, userId);
  const [row] = await db
    .update(notificationSettings)
    .set(change)
    .where(eq(notificationSettings.userId, userId))
    .returning();
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (account) {
    if (change.replies === false) await cancelPendingOfKind(db, account.email, "reply");
    if (change.comments === false) await cancelPendingOfKind(db, account.email, "comment");
  }
  return { replies: row!.replies, comments: row!.comments };
}

/** The emailed "stop these emails" link: switch one kind off by the settings token. */
export async function stopByToken(db: Db, token: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.token, token));
  if (!row) return false;
  await setNotifications(db, row.userId, { [kind]: false });
  return true;
}

const oneClick = (config: Config, token: string, kind: NotificationKind) =>
  `${config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&kind=${kind}`;

/**
 * A comment was written: its post's author gets an email (unless they wrote it), and for a reply,
 * the writer of the comment it answers (unless they answered themselves). One email per person;
 * each kind can be switched off. A held comment tells only the post's author.
 */
export async function queueCommentNotifications(db: Db, config: Config, comment: Comment): Promise<number> {
  const [post] = await db
    .select({ title: blogPosts.title, author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, comment.postId));
  if (!post) return 0;
  const link = `${config.publicUrl}/post/${encodeURIComponent(comment.postId)}#comment-${comment.id}`;
  const rows: NewQueuedMail[] = [];
  const told = new Set<string>([comment.userId]);

  const answered = comment.replyTo?.id ?? comment.parentId;
  if (answered && !comment.held) {
    const [target] = await db
      .select({ userId: comments.userId, email: user.email })
      .from(comments)
      .innerJoin(user, eq(user.id, comments.userId))
      .where(eq(comments.id, answered));
    if (target && !told.has(target.userId)) {
      told.add(target.userId);
      const s = await settingsFor(db, target.userId);
      if (s.replies)
        rows.push(
          mail(
            config,
            "reply",
            target.email,
            comment,
            s.token,
            link,
            `${comment.author} replied to your comment on "${post.title}"`,
          ),
        );
    }
  }

  const owner = await authorAccount(db, config, post.author);
  if (owner && !told.has(owner.id)) {
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
            ? `A comment on "${post.title}" waits for your approval`
            : `${comment.author} commented on "${post.title}"`,
        ),
      );
  }
  return rows.length ? enqueueMail(db, rows) : 0;
}

async function authorAccount(db: Db, config: Config, author: AuthorKey) {
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(eq(user.email, config.authorEmails[author]), eq(user.emailVerified, true)));
  return row ?? null;
}

function mail(
  config: Config,
  kind: "reply" | "comment",
  to: string,
  comment: Comment,
  token: string,
  link: string,
  subject: string,
): NewQueuedMail {
  const settingKind: NotificationKind = kind === "reply" ? "replies" : "comments";
  const stop = subscriptionsPage(config, { notifications: token, kind: settingKind });
  return {
    kind,
    toEmail: to,
    commentId: comment.id,
    subject: `[${config.siteName}] ${subject}`,
    text: [
      `${comment.author} wrote:`,
      "",
      comment.content,
      "",
      `Read it and answer: ${link}`,
      "",
      "--",
      `Stop these emails with one click: ${stop}`,
      `(or switch them off on your profile: ${config.publicUrl}/profile)`,
    ].join("\n"),
    unsubscribeUrl: oneClick(config, token, settingKind),
  };
}
