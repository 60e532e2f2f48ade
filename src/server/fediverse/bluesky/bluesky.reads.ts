import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { blueskyRecords } from "../../db/schema";
import { atUri, DOCUMENT } from "./at-uri";

/**
 * The AT-URI of a post's `site.standard.document`, once it is in its author's repository: the post
 * page names it in `<link rel="site.standard.document">` (standard.site's document verification).
 */
export async function standardDocumentOf(ctx: AppContext, postId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ did: blueskyRecords.did, rkey: blueskyRecords.documentRkey })
    .from(blueskyRecords)
    .where(and(eq(blueskyRecords.postId, postId), isNotNull(blueskyRecords.documentCid)))
    .limit(1);
  return row ? atUri(row.did, DOCUMENT, row.rkey) : null;
}
