import type { Context } from "@fedify/fedify";
import { Create, Delete, Mention, Note, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { comments, fediverseSentReplies, user } from "../db/schema";
import { instant } from "./articles";
import type { DuetFederation } from "./federation-type";

export type SentReply = typeof fediverseSentReplies.$inferSelect;

/** Where a reply written on Duet lives as an ActivityPub Note (decision 0039). */
export const REPLY_PATH = "/ap/replies/{id}";

export const replyObjectUri = (ctx: Context<unknown>, commentId: string): URL =>
  ctx.getObjectUri(Note, { id: commentId });

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Note's HTML: a Mastodon-style mention of whom it answers, then the comment's text as
 * escaped paragraphs. A reply not written by the post's author says who wrote it, since the Note
 * is the post author's actor speaking.
 */
export function replyHtml(input: {
  text: string;
  writer: string | null;
  mention: { href: string; handle: string | null };
}): string {
  const username = input.mention.handle?.split("@")[1] ?? "";
  const mention = `<span class="h-card"><a href="${escapeHtml(input.mention.href)}" class="u-url mention">@<span>${escapeHtml(username)}</span></a></span>`;
  const paragraphs = input.text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => escapeHtml(p).replace(/\n/g, "<br>"));
  const first = input.writer
    ? `${escapeHtml(input.writer)} wrote: ${paragraphs[0] ?? ""}`
    : (paragraphs[0] ?? "");
  return [`<p>${mention} ${first}</p>`, ...paragraphs.slice(1).map((p) => `<p>${p}</p>`)].join("");
}

export interface ReplyContent {
  text: string;
  /** The comment's shown name when someone other than the post's author wrote it. */
  writer: string | null;
  published: Date;
  /** Set when the text was edited after it was first sent. */
  updated: Date | null;
}

export function toNote(ctx: Context<unknown>, sent: SentReply, reply: ReplyContent, publicUrl: string): Note {
  return new Note({
    id: replyObjectUri(ctx, sent.commentId),
    attribution: ctx.getActorUri(sent.author),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(sent.author), new URL(sent.remoteActorId)],
    replyTarget: new URL(sent.inReplyTo),
    content: replyHtml({
      text: reply.text,
      writer: reply.writer,
      mention: { href: sent.remoteActorUrl, handle: sent.remoteHandle },
    }),
    url: new URL(`${publicUrl}/post/${sent.postId}#comment-${sent.commentId}`),
    published: instant(reply.published),
    updated: reply.updated ? instant(reply.updated) : null,
    tags: [new Mention({ href: new URL(sent.remoteActorId), name: sent.remoteHandle })],
  });
}

export function replyActivity(
  ctx: Context<unknown>,
  kind: "create" | "update",
  note: Note,
  author: string,
  at: Date,
): Create | Update {
  const common = {
    actor: ctx.getActorUri(author),
    to: PUBLIC_COLLECTION,
    ccs: note.ccIds,
    object: note,
  };
  return kind === "create"
    ? // A reply shown again after a Delete is created anew: each Create has its own id.
      new Create({
        id: new URL(`${note.id!.href}#create-${at.getTime()}`),
        published: note.published,
        ...common,
      })
    : new Update({ id: new URL(`${note.id!.href}#update-${at.getTime()}`), updated: instant(at), ...common });
}

/** What a reply taken back (deleted, hidden or held) leaves at its id. */
export const replyTombstone = (ctx: Context<unknown>, commentId: string, at: Date): Tombstone =>
  new Tombstone({ id: replyObjectUri(ctx, commentId), deleted: instant(at) });

export function replyDelete(ctx: Context<unknown>, sent: SentReply, at: Date): Delete {
  const id = replyObjectUri(ctx, sent.commentId);
  return new Delete({
    id: new URL(`${id.href}#delete-${at.getTime()}`),
    actor: ctx.getActorUri(sent.author),
    to: PUBLIC_COLLECTION,
    ccs: [ctx.getFollowersUri(sent.author), new URL(sent.remoteActorId)],
    object: replyTombstone(ctx, sent.commentId, at),
  });
}

/** A sent reply's Note as it stands now, or null when it was taken back. */
export async function currentNote(
  ctx: Context<AppContext>,
  commentId: string,
): Promise<{ sent: SentReply; note: Note } | null> {
  const app = ctx.data;
  const [row] = await app.db
    .select({ sent: fediverseSentReplies, at: comments.timestamp, name: comments.author, email: user.email })
    .from(fediverseSentReplies)
    .innerJoin(comments, eq(comments.id, fediverseSentReplies.commentId))
    .innerJoin(user, eq(user.id, comments.userId))
    .where(eq(fediverseSentReplies.commentId, commentId));
  // Not sent yet (a Create is due), or taken back.
  if (!row || row.sent.deletedAt || row.sent.pending === "create") return null;
  // The post's author is who the actor is; anyone else is named in the text.
  const byPostAuthor = row.email.toLowerCase() === app.config.authorEmails[row.sent.author].toLowerCase();
  const published = row.sent.createdAt;
  const reply = {
    text: row.sent.content,
    writer: byPostAuthor ? null : row.name,
    published,
    // An edit stamps the comment's time (comments.repository updateComment).
    updated: row.at > published ? row.at : null,
  };
  return { sent: row.sent, note: toNote(ctx, row.sent, reply, app.config.publicUrl) };
}

/** `/ap/replies/{id}`: the Note of a reply sent back to the social web (a Tombstone, 410, once
 * taken back: server/fediverse/bridge.ts). */
export function registerReplyObjects(federation: DuetFederation): void {
  federation.setObjectDispatcher(Note, REPLY_PATH, async (fctx, values) => {
    const found = await currentNote(fctx, values.id);
    return found?.note ?? null;
  });
}
