import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { blogName } from "../../common/site-names";
import type { AppContext } from "../context";
import { followers } from "../db/schema";
import type { HeaderValue } from "../mail/mailer";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import type { QueuedMail } from "./mail-queue.repository";

// Follower mail says it is a list (RFC 2919 List-Id, one list per blog, so a reader can filter
// his blog from hers) and bulk mail (Precedence: bulk: no vacation auto-replies to it).

/** `"Her Blog" <her-blog.example.com>`: a label per blog under the site's host. */
export function listHeaders(publicUrl: string, name: string, author: AuthorKey): Record<string, HeaderValue> {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, "");
  // A quoted ASCII phrase, written as is (nodemailer would MIME-encode the whole field); a name
  // with other characters is left out: the label alone is a valid List-Id.
  const phrase = /^[\x20-\x7e]+$/.test(name) ? name.replace(/["\\]/g, "").trim() : "";
  const label = `${author === "him" ? "his-blog" : "her-blog"}.${host}`;
  return {
    "List-Id": { prepared: true, value: phrase ? `"${phrase}" <${label}>` : `<${label}>` },
    Precedence: "bulk",
  };
}

/** The list headers of a queued email: a new post to a follower gets them, nothing else does. */
export async function queuedMailListHeaders(
  ctx: AppContext,
  row: QueuedMail,
): Promise<Record<string, HeaderValue>> {
  if (row.kind !== "post" || !row.followerId) return {};
  const [follower] = await ctx.db
    .select({ author: followers.author })
    .from(followers)
    .where(eq(followers.id, row.followerId));
  if (!follower) return {};
  const names = await cachedPublicSiteSettings(ctx);
  return listHeaders(ctx.config.publicUrl, blogName(names, follower.author), follower.author);
}
