import type { InboxContext } from "@fedify/fedify";
import type { Flag } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import { firstChars, htmlToText } from "../../common/rules/excerpt";
import { report } from "../comments/moderation.repository";
import type { AppContext } from "../context";
import { comments, fediversePostReports, fediverseReplies, fediverseSentReplies } from "../db/schema";
import { postIdOf, sentReplyIdOf } from "./post-ids";
import { userForRemoteActor } from "./remote-people";

/** What the reader's report form allows (CommentReportBodySchema), server name included. */
const REASON_MAX = 500;
/** Objects of one Flag looked at, at most (Mastodon sends the account and a few statuses). */
const OBJECTS_MAX = 20;

/** The comment an object URI names: a reply we sent (`/ap/replies/{id}`) or one that came home. */
async function commentIdOf(fctx: InboxContext<AppContext>, uri: URL): Promise<string | null> {
  const sentId = sentReplyIdOf(fctx, uri);
  if (sentId) {
    const [sent] = await fctx.data.db
      .select({ id: fediverseSentReplies.commentId })
      .from(fediverseSentReplies)
      .where(eq(fediverseSentReplies.commentId, sentId));
    if (sent) return sent.id;
  }
  const [home] = await fctx.data.db
    .select({ id: fediverseReplies.commentId })
    .from(fediverseReplies)
    .where(eq(fediverseReplies.objectId, uri.href));
  return home?.id ?? null;
}

/**
 * A `Flag` (a report forwarded by a remote server's moderators) about our posts or comments: a
 * post's lands in its author's inbox as a social-web report, a comment's joins the comment's
 * reports (the review list the authors already use), both with the server and its reason text.
 */
export async function receiveFlag(fctx: InboxContext<AppContext>, flag: Flag): Promise<void> {
  const app = fctx.data;
  if (!flag.id || !flag.actorId) return;
  const host = flag.actorId.host.toLowerCase();
  const text = firstChars(htmlToText(flag.content?.toString() ?? ""), REASON_MAX - host.length - 10);
  const reason = `From ${host}${text ? `: ${text}` : ""}`;
  let reporter: { id: string } | null = null;
  for (const uri of flag.objectIds.slice(0, OBJECTS_MAX)) {
    const postId = postIdOf(fctx, uri);
    const commentId = postId ? null : await commentIdOf(fctx, uri);
    if (!postId && !commentId) continue;
    // Per remote server (fediverse/remote-limits.ts): a flood of reports stops here.
    if (!app.limits.remoteReports.take(host)) return;
    if (postId) {
      await app.db
        .insert(fediversePostReports)
        .values({ activityId: flag.id.href, postId, host, reason, createdAt: app.now() })
        .onConflictDoNothing()
        // A post deleted meanwhile (foreign key): nothing to report.
        .catch(() => {});
      continue;
    }
    if (!reporter) {
      const actor = await flag.getActor(fctx);
      if (!actor?.id) return;
      reporter = await userForRemoteActor(app.db, actor);
    }
    const [exists] = await app.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.id, commentId!));
    if (exists) await report(app.db, commentId!, reporter.id, reason, app.now());
  }
}
