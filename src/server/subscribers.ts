import { eq } from "drizzle-orm";
import {
  queueNoteNotification,
  queueProposalNotification,
  queueShareNotification,
} from "./audience/author-notices";
import { queueCommentNotifications } from "./audience/notifications";
import { queueNewPostEmails } from "./audience/post-emails";
import { commentKeys, likeKeys } from "./cache/subscriptions";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import { blogPosts } from "./db/schema";
import type { DomainEvents, EventName, Subscriber } from "./events";
import { markBlueskyChanged, queueBlueskyPut } from "./fediverse/bluesky/records";
import { markPostChanged, queueCreate } from "./fediverse/publish";
import { markPostLinks } from "./fediverse/webmention-send";

/**
 * Every subscriber of the domain events, in one place (events.ts, outbox.ts). Each runs once per
 * event it names, at least once, in the transaction that marks it done: what it writes there
 * (mail rows, activities due) is kept exactly once; what it returns runs after that commit.
 */
export function subscribers(ctx: AppContext): Subscriber[] {
  const wakeMail = () => ctx.audienceMail.kick();
  /** A subscriber that queues mail rows for one event and wakes the mail worker when it did. */
  const mailOn = <K extends EventName>(
    name: string,
    on: K,
    queue: (tx: Db, payload: DomainEvents[K]) => Promise<number>,
  ): Subscriber => ({
    name,
    on: [on],
    async handle(event, tx) {
      if (event.name !== on) return undefined;
      const queued = await queue(tx, event.payload as DomainEvents[K]);
      return queued > 0 ? wakeMail : undefined;
    },
  });
  return [
    {
      // What each event changed leaves the public-read cache, in every process (cache/notify.ts).
      name: "cache",
      on: [
        "contentChanged",
        "postChanged",
        "settingsChanged",
        "likeChanged",
        "commentCreated",
        "commentChanged",
      ],
      async handle(event) {
        if (event.name === "likeChanged") ctx.cache.invalidatePrefixes(likeKeys(event.payload.postId));
        else if (event.name === "commentCreated")
          ctx.cache.invalidatePrefixes(commentKeys(event.payload.comment.postId));
        else if (event.name === "commentChanged")
          ctx.cache.invalidatePrefixes(commentKeys(event.payload.postId));
        else ctx.cache.invalidate();
        return undefined;
      },
    },
    {
      // A write may have set, moved or reached a publish time, or readied both takes of a pair:
      // the scheduler re-reads it (and reveals what is due).
      name: "publishing",
      on: ["contentChanged", "postChanged", "pairChanged"],
      async handle() {
        return () => void ctx.publishing.kick();
      },
    },
    // The post's author and the writer of the comment it answers get an email.
    mailOn("comment-notifications", "commentCreated", (tx, p) =>
      queueCommentNotifications(tx, ctx.config, p.comment, ctx.now()),
    ),
    // A two-takes proposal: the partner gets an email, unless they switched it off.
    mailOn("takes-notifications", "pairProposed", (tx, p) =>
      queueProposalNotification(tx, ctx.config, p.pairId, ctx.now()),
    ),
    // A note in the margin or a reply to one: the other author gets an email, unless switched off.
    mailOn("notes-notifications", "noteCreated", (tx, p) =>
      queueNoteNotification(tx, ctx.config, p.noteId, ctx.now()),
    ),
    // A post shared with the other author: they get an email, unless notes' emails are off.
    mailOn("share-notifications", "postShared", (tx, p) =>
      queueShareNotification(tx, ctx.config, p.postId, ctx.now()),
    ),
    {
      // A post no longer shared: once this commits, every process looks at its sockets on it
      // again, and the partner's close with 4403.
      name: "collab-access",
      on: ["collabAccess"],
      async handle(event, tx) {
        if (event.name !== "collabAccess") return undefined;
        const after = await ctx.collab.accessChanged(tx, event.payload.doc);
        return () => void after();
      },
    },
    {
      // A live document saved from outside its session (or deleted): its stored state goes with
      // this transaction; once it commits, its sessions close with 4409 in every process.
      name: "collab-reset",
      on: ["collabReset"],
      async handle(event, tx) {
        if (event.name !== "collabReset") return undefined;
        const after = await ctx.collab.reset(tx, event.payload.doc);
        return () => void after();
      },
    },
    {
      // A post became public: one letter to each follower of its author.
      name: "follower-letters",
      on: ["postBecamePublic"],
      async handle(event, tx) {
        if (event.name !== "postBecamePublic") return undefined;
        // Deleted before its letters were queued: nobody gets one (the lock keeps it until commit).
        const [post] = await tx
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(eq(blogPosts.id, event.payload.post.id))
          .for("share");
        if (!post) return undefined;
        const queued = await queueNewPostEmails(tx, ctx.config, event.payload.post, ctx.now());
        return queued > 0 ? wakeMail : undefined;
      },
    },
    {
      // The social web hears of a post: its Create once it is public, Update or Delete after.
      name: "social-web-posts",
      on: ["postBecamePublic", "postChanged"],
      async handle(event, tx) {
        if (event.name === "postBecamePublic")
          await queueCreate(tx, event.payload.post.id, event.payload.post.author);
        else if (
          event.name !== "postChanged" ||
          !(await markPostChanged(tx, ctx.now(), event.payload.postId))
        )
          return undefined;
        return () => void ctx.fediverse.posts.kick();
      },
    },
    {
      // A reply written here to a comment from the social web goes back as a Note; its edit,
      // deletion or hiding follows (moderation routes record contentChanged; a post's deletion
      // takes its comments).
      name: "social-web-replies",
      on: ["commentCreated", "commentChanged", "contentChanged", "postChanged"],
      async handle() {
        return () => void ctx.fediverse.replies.kick();
      },
    },
    {
      // A post of an author with a connected Bluesky account: its records are put once it is
      // public, put again on an edit, deleted once it is not public (decision 0049); a renamed
      // blog's publication record is put again.
      name: "bluesky-posts",
      on: ["postBecamePublic", "postChanged", "settingsChanged"],
      async handle(event, tx) {
        const due =
          event.name === "settingsChanged" ||
          (event.name === "postBecamePublic"
            ? await queueBlueskyPut(tx, ctx.now(), event.payload.post)
            : event.name === "postChanged" &&
              (await markBlueskyChanged(tx, ctx.now(), event.payload.postId)));
        return due ? () => void ctx.fediverse.bluesky.kick() : undefined;
      },
    },
    {
      // Each link of a public post gets a Webmention after each change; a link removed, a last one.
      name: "webmentions-out",
      on: ["postBecamePublic", "postChanged"],
      async handle(event, tx) {
        const postId =
          event.name === "postBecamePublic"
            ? event.payload.post.id
            : event.name === "postChanged"
              ? event.payload.postId
              : null;
        if (!postId || !(await markPostLinks(tx, ctx, postId))) return undefined;
        return () => void ctx.fediverse.webmentions.kick();
      },
    },
  ];
}
