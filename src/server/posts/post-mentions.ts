import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { PostMention } from "../../common/social-web";
import type { Db } from "../db/client";
import { webmentionsReceived } from "../db/schema";

// What the post page shows of other sites' Webmentions (decision 0047), read from the table the
// fediverse feature's verifier writes: verified mentions (not replies, which are comments), not
// removed by the post's author.

/** Mentions shown under a post, at most: the newest (webmentions_received_post_idx). */
export const MENTIONS_SHOWN = 50;

/** A public post's mentions, newest first. */
export async function postMentions(db: Db, postId: string): Promise<PostMention[]> {
  const rows = await db
    .select({
      id: webmentionsReceived.id,
      authorName: webmentionsReceived.authorName,
      authorUrl: webmentionsReceived.authorUrl,
      authorPhoto: webmentionsReceived.authorPhoto,
      source: webmentionsReceived.source,
      excerpt: webmentionsReceived.excerpt,
      verifiedAt: webmentionsReceived.verifiedAt,
    })
    .from(webmentionsReceived)
    .where(
      and(
        eq(webmentionsReceived.postId, postId),
        isNotNull(webmentionsReceived.verifiedAt),
        eq(webmentionsReceived.kind, "mention"),
        isNull(webmentionsReceived.hiddenAt),
      ),
    )
    .orderBy(desc(webmentionsReceived.verifiedAt), desc(webmentionsReceived.id))
    .limit(MENTIONS_SHOWN);
  return rows.map((r) => ({
    id: String(r.id),
    authorName: r.authorName,
    authorUrl: r.authorUrl,
    authorPhoto: r.authorPhoto,
    source: r.source,
    excerpt: r.excerpt ?? "",
    date: (r.verifiedAt as Date).toISOString(),
  }));
}
