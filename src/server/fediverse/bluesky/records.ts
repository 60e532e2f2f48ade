import { and, eq, sql } from "drizzle-orm";
import { paths } from "../../../common/routes";
import type { BlogPost } from "../../../common/types";
import type { Db } from "../../db/client";
import { blueskyAccounts, blueskyRecords } from "../../db/schema";
import { getPublicPost } from "../../posts/posts.repository";
import { DOCUMENT, FEED_POST, newTid } from "./at-uri";

/**
 * A post became public (its `postBecamePublic` delivery's transaction): when its author has a
 * connected account, its records are due in that repository, once. A post that was public before
 * (unpublished, then published again) is put again with the same record keys.
 */
export async function queueBlueskyPut(
  tx: Db,
  now: Date,
  post: { id: string; author: "him" | "her" },
): Promise<boolean> {
  const [account] = await tx.select().from(blueskyAccounts).where(eq(blueskyAccounts.author, post.author));
  if (!account) return false;
  await tx
    .insert(blueskyRecords)
    .values({
      postId: post.id,
      author: post.author,
      did: account.did,
      documentRkey: newTid(now),
      postRkey: newTid(now),
      pending: "put",
      version: 1,
      dueAt: now,
    })
    .onConflictDoUpdate({
      target: [blueskyRecords.postId, blueskyRecords.author],
      set: { pending: "put", version: sql`${blueskyRecords.version} + 1`, dueAt: now, attempts: 0 },
      setWhere: eq(blueskyRecords.did, account.did),
    });
  return true;
}

/**
 * A post was edited, unpublished or deleted: a post that has records (or has them due) gets them
 * put again while it is public, deleted once it is not. Posts that never went out stay home.
 */
export async function markBlueskyChanged(tx: Db, now: Date, postId: string): Promise<boolean> {
  const rows = await tx.select().from(blueskyRecords).where(eq(blueskyRecords.postId, postId));
  if (rows.length === 0) return false;
  const post = await getPublicPost(tx, postId, now);
  for (const row of rows) {
    if (!post && !row.documentCid && !row.postCid && row.pending !== "put") continue;
    await tx
      .update(blueskyRecords)
      .set({
        pending: post ? "put" : "delete",
        version: sql`${blueskyRecords.version} + 1`,
        dueAt: now,
        attempts: 0,
      })
      .where(and(eq(blueskyRecords.id, row.id)));
  }
  return true;
}

// Lexicon limits (graphemes counted as code points here, which never exceeds the grapheme count).
const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
};

/** The post's HTML as plain text, for `textContent` (search and readers that show text). */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n\n")
    .trim();
}

export interface Blob {
  $type: "blob";
  ref: { $link: string };
  mimeType: string;
  size: number;
}

/** `app.bsky.feed.post`: the title as its text and an external card linking the post. */
export function feedPostRecord(post: BlogPost, publicUrl: string, thumb: Blob | null) {
  return {
    $type: FEED_POST,
    text: clip(post.title, 300),
    createdAt: post.date,
    embed: {
      $type: "app.bsky.embed.external",
      external: {
        uri: `${publicUrl}${paths.post(post.slug)}`,
        title: clip(post.title, 300),
        description: clip(plainText(post.excerpt), 1000),
        ...(thumb ? { thumb } : {}),
      },
    },
  };
}

/** `site.standard.document`: the post in its blog's publication, referencing its Bluesky post. */
export function documentRecord(
  post: BlogPost,
  site: string,
  cover: Blob | null,
  bskyPostRef: { uri: string; cid: string },
) {
  return {
    $type: DOCUMENT,
    site,
    path: paths.post(post.slug),
    title: clip(post.title, 128),
    ...(post.excerpt ? { description: clip(plainText(post.excerpt), 300) } : {}),
    publishedAt: post.date,
    ...(post.lastUpdated ? { updatedAt: post.lastUpdated } : {}),
    ...(post.hashtags.length ? { tags: post.hashtags.slice(0, 50).map((t) => clip(t, 128)) } : {}),
    textContent: clip(plainText(post.content), 100_000),
    ...(cover ? { coverImage: cover } : {}),
    bskyPostRef,
  };
}
