import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { COMMENT_MAX_LENGTH } from "../../common/limits";
import { firstChars } from "../../common/rules/excerpt";
import { deleteComment, insertComment } from "../comments/comments.repository";
import { holdsComment, isBlocked } from "../comments/moderation.repository";
import type { AppContext } from "../context";
import { comments, user, webmentionsReceived } from "../db/schema";
import { getPublicPost } from "../posts/posts.repository";
import { conversationPostId } from "../takes/takes.reads";
import { copyRemoteAvatar } from "./avatar-copy";
import { RemoteFetchError, requestRemote } from "./remote-fetch";
import { remoteUserId } from "./remote-people";
import { readSource, type SourceEntry } from "./webmention-hentry";

/** A source page is read up to this size and time: a post, not a download (decision 0047). */
export const SOURCE_MAX_BYTES = 1024 * 1024;
export const SOURCE_TIMEOUT_MS = 5_000;
/** The excerpt a mention shows under the post. */
export const MENTION_EXCERPT_MAX = 280;

type Received = typeof webmentionsReceived.$inferSelect;

/** What the source says now: its entry, or null when the mention must go (gone, refused, no link). */
async function fetchSource(ctx: AppContext, row: Received): Promise<SourceEntry | null> {
  try {
    const answer = await requestRemote(row.source, {
      allowPrivate: ctx.config.fediverseAllowPrivate,
      maxBytes: SOURCE_MAX_BYTES,
      timeoutMs: SOURCE_TIMEOUT_MS,
      type: "text/html",
    });
    // §3.2: a source deleted (410, or not found any more) takes its mention with it.
    if (answer.status === 410 || answer.status === 404) return null;
    if (answer.status < 200 || answer.status > 299) throw new Error(`source answered ${answer.status}`);
    const entry = readSource(answer.body.toString("utf8"), answer.url, row.target);
    return entry.linksToTarget ? entry : null;
  } catch (error) {
    // Refused by the guard (private address, too big, too slow, not HTML): nothing is kept.
    if (error instanceof RemoteFetchError) return null;
    throw error;
  }
}

/** Who a source's author is to us: keyed by the source's host too, so that a page cannot borrow an author another site made trusted. */
const authorKey = (entry: SourceEntry, source: string): string =>
  `webmention:${new URL(source).host}:${entry.authorUrl ?? new URL(source).origin}`;

/** Our copy of the author's photo (h-card `u-photo`), fetched through the guarded fetcher; null: initials. */
const authorPhoto = (ctx: AppContext, entry: SourceEntry, source: string): Promise<string | null> =>
  copyRemoteAvatar(ctx, authorKey(entry, source), entry.authorPhoto);

/** The local user row standing for a source's author (no password, an `.invalid` address). */
async function userForAuthor(ctx: AppContext, entry: SourceEntry, source: string) {
  const host = new URL(source).host;
  const key = authorKey(entry, source);
  const id = remoteUserId(key);
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 32);
  const name = entry.authorName ?? host;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${hash}@webmention.invalid`, emailVerified: false })
    .onConflictDoUpdate({ target: user.id, set: { name, updatedAt: ctx.now() } });
  return { id, key, author: `${name} (${host})`.slice(0, 200) };
}

/** Take a received mention away: its comment goes as a reader's would, then the row. */
async function remove(ctx: AppContext, row: Received): Promise<void> {
  if (row.commentId) await deleteComment(ctx.db, row.commentId, ctx.now());
  // A mention the post's author removed keeps its row (not shown): the same source stays removed.
  if (row.hiddenAt) return;
  await ctx.events.transaction(async (tx, record) => {
    await tx.delete(webmentionsReceived).where(eq(webmentionsReceived.id, row.id));
    await record("contentChanged", {});
  });
}

/** A reply (h-entry in-reply-to the post) is a comment, moderated as social-web replies are. */
async function storeReply(
  ctx: AppContext,
  row: Received,
  entry: SourceEntry,
  post: { id: string; author: "him" | "her" },
) {
  const { author } = post;
  const content = firstChars(entry.text, COMMENT_MAX_LENGTH) || row.source;
  const person = await userForAuthor(ctx, entry, row.source);
  if (await isBlocked(ctx.db, author, person.id)) return remove(ctx, row);
  const photo = await authorPhoto(ctx, entry, row.source);
  if (row.commentId) {
    await ctx.events.transaction(async (tx, record) => {
      await tx.update(comments).set({ content }).where(eq(comments.id, row.commentId!));
      await tx
        .update(webmentionsReceived)
        .set({ verifiedAt: ctx.now(), authorPhoto: photo })
        .where(eq(webmentionsReceived.id, row.id));
      await record("commentChanged", { postId: post.id });
    });
    return;
  }
  const overLimit = !ctx.limits.remoteReplies.allows(person.key);
  const held = overLimit || (await holdsComment(ctx.db, author, { id: person.id, isAdmin: false } as never));
  await ctx.events.transaction(async (tx, record) => {
    const comment = await insertComment(
      tx,
      {
        postId: post.id,
        userId: person.id,
        author: person.author,
        content,
        timestamp: ctx.now(),
        status: held ? "held" : "published",
      },
      false,
    );
    if (!comment) return;
    await tx
      .update(webmentionsReceived)
      .set({
        kind: "reply",
        commentId: comment.id,
        verifiedAt: ctx.now(),
        authorName: entry.authorName,
        authorUrl: entry.authorUrl,
        authorPhoto: photo,
      })
      .where(eq(webmentionsReceived.id, row.id));
    if (overLimit) await record("contentChanged", {});
    else await record("commentCreated", { comment });
  });
}

/** Verify one queued Webmention (W3C §3.2.2) and store, update or remove what it says. */
export async function verifyReceived(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(webmentionsReceived).where(eq(webmentionsReceived.id, id));
  if (!row) return;
  const post = await getPublicPost(ctx.db, row.postId, ctx.now());
  const entry = post ? await fetchSource(ctx, row) : null;
  if (!post || !entry) return remove(ctx, row);
  if (entry.isReply) {
    // A reply to either take of a revealed pair joins its one conversation (decision 0046).
    const id = (await conversationPostId(ctx.db, post.id)) ?? post.id;
    const conversation = id === post.id ? post : await getPublicPost(ctx.db, id, ctx.now());
    if (!conversation) return remove(ctx, row);
    return storeReply(ctx, row, entry, conversation);
  }
  // Once a reply, now only a mention: its comment goes.
  if (row.commentId) await deleteComment(ctx.db, row.commentId, ctx.now());
  const photo = await authorPhoto(ctx, entry, row.source);
  await ctx.events.transaction(async (tx, record) => {
    await tx
      .update(webmentionsReceived)
      .set({
        kind: "mention",
        commentId: null,
        authorName: entry.authorName,
        authorUrl: entry.authorUrl,
        authorPhoto: photo,
        excerpt: firstChars(entry.text, MENTION_EXCERPT_MAX),
        verifiedAt: ctx.now(),
      })
      .where(eq(webmentionsReceived.id, row.id));
    await record("contentChanged", {});
  });
}
