import "./node-runtime";
import { createFederation } from "@fedify/fedify";
import { Article } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { fediversePosts } from "../db/schema";
import { personOf } from "./actor-document";
import { actorKeyPairs } from "./actor-keys";
import { ACTOR_PATH, authorForHandle, followerCount, isAuthorKey } from "./actors";
import { publicArticlePost } from "./article-post";
import { toArticle } from "./articles";
import { registerCollections } from "./collections";
import type { DuetFederation } from "./federation-type";
import { registerInbox } from "./inbox";
import { DbKvStore } from "./kv-store";
import { DUET_VERSION, duetLoaders, duetUserAgent } from "./loaders";
import { DbMessageQueue } from "./message-queue";
import { registerReplyObjects } from "./reply-notes";

export type { DuetFederation };

/** The embedded database's queue looks for due messages at least this often when idle. */
const EMBEDDED_IDLE_POLL_MS = 60_000;

/**
 * The social web (docs/fediverse.md): one actor per author, identified by the author value
 * (`/ap/users/her`, stable), found by its handle (`acct:her@host`, changeable).
 */
export function createDuetFederation(ctx: AppContext): DuetFederation {
  const kv = new DbKvStore(ctx.db);
  const federation = createFederation<AppContext>({
    kv,
    queue: new DbMessageQueue(
      ctx.db,
      duetUserAgent(ctx.config.publicUrl),
      // One process on the embedded database: its own enqueues wake the queue (no 2 s polling).
      ctx.database.kind === "pglite" ? EMBEDDED_IDLE_POLL_MS : undefined,
    ),
    manuallyStartQueue: true,
    origin: ctx.config.publicUrl,
    // SSRF: remote actors, keys and objects are never fetched from private addresses (0029);
    // JSON-LD contexts are never fetched at all.
    ...duetLoaders(kv, { allowPrivate: ctx.config.fediverseAllowPrivate, publicUrl: ctx.config.publicUrl }),
    // The first delivery to a server signs as Mastodon does (draft-cavage); RFC 9421 is tried
    // where that is refused, and the answer remembered per server.
    firstKnock: "draft-cavage-http-signatures-12",
  });
  const publicUrl = ctx.config.publicUrl;

  federation
    .setActorDispatcher(ACTOR_PATH, async (fctx, identifier) =>
      isAuthorKey(identifier) ? personOf(fctx, identifier) : null,
    )
    .setKeyPairsDispatcher(async (fctx, identifier) =>
      isAuthorKey(identifier) ? actorKeyPairs(fctx.data.db, identifier) : [],
    )
    .mapHandle(async (fctx, username) => authorForHandle(fctx.data.db, username));

  federation.setObjectDispatcher(Article, "/ap/posts/{id}", async (fctx, values) => {
    const source = await publicArticlePost(fctx.data, values.id);
    if (!source) return null;
    const { post } = source;
    // Only what was federated is an ActivityPub object (drafts never leave, old posts stay home).
    const [sent] = await fctx.data.db.select().from(fediversePosts).where(eq(fediversePosts.postId, post.id));
    if (!sent || sent.deletedAt) return null;
    return toArticle(fctx, source, publicUrl);
  });

  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async (fctx) => {
    const users = (await Promise.all((["him", "her"] as const).map((a) => followerCount(fctx.data.db, a))))
      .length;
    return {
      software: { name: "duet", version: DUET_VERSION, homepage: new URL(publicUrl) },
      protocols: ["activitypub"],
      usage: { users: { total: users }, localPosts: 0, localComments: 0 },
    };
  });

  registerCollections(federation);
  registerInbox(federation);
  registerReplyObjects(federation);
  return federation;
}
