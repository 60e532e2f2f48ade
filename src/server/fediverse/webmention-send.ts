import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import { paths } from "../../common/routes";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { webmentionsSent } from "../db/schema";
import { getPublicPost } from "../posts/posts.repository";
import { RemoteFetchError, requestRemote } from "./remote-fetch";
import { endpointOf } from "./webmention-discover";
import type { Job } from "./webmention-queue";

/** A post's outbound links that get a Webmention, at most (a list of links is not a conversation). */
export const SENT_LINKS_MAX = 50;
const TARGET_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 5_000;

/** The http(s) links of a post's HTML to other sites, each once, in order. */
export function outboundLinks(html: string, publicUrl: string): string[] {
  const own = new URL(publicUrl).origin;
  const found = new Set<string>();
  for (const a of DomUtils.getElementsByTagName("a", parseDocument(html).children)) {
    const href = a.attribs.href;
    if (!href || !URL.canParse(href)) continue;
    const url = new URL(href);
    url.hash = "";
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== own) found.add(url.href);
    if (found.size >= SENT_LINKS_MAX) break;
  }
  return [...found];
}

/**
 * A post became public or was written (its event's transaction, subscribers.ts): every link it
 * has is due a Webmention, and every link it had and lost gets a last one (§3.2: the receiver
 * refetches and removes it); a post no longer public has lost all its links. True when one is due.
 */
export async function markPostLinks(tx: Db, ctx: AppContext, postId: string): Promise<boolean> {
  const now = ctx.now();
  const post = await getPublicPost(tx, postId, now);
  const links = post ? outboundLinks(post.content, ctx.config.publicUrl) : [];
  const lost = await tx
    .update(webmentionsSent)
    .set({ linkedAt: null, dueAt: now, attempts: 0 })
    .where(
      and(
        eq(webmentionsSent.postId, postId),
        isNotNull(webmentionsSent.linkedAt),
        links.length ? notInArray(webmentionsSent.target, links) : sql`true`,
      ),
    )
    .returning({ id: webmentionsSent.id });
  if (!post || links.length === 0) return lost.length > 0;
  const source = `${ctx.config.publicUrl}${paths.post(post.slug)}`;
  await tx
    .insert(webmentionsSent)
    .values(links.map((target) => ({ postId, source, target, linkedAt: now, dueAt: now })))
    .onConflictDoUpdate({
      target: [webmentionsSent.postId, webmentionsSent.target],
      set: { source, linkedAt: now, dueAt: now, attempts: 0 },
    });
  return true;
}

const guard = (ctx: AppContext) => ({
  allowPrivate: ctx.config.fediverseAllowPrivate,
  maxBytes: TARGET_MAX_BYTES,
  timeoutMs: TIMEOUT_MS,
  type: "",
});

/** Discover the target's endpoint and POST the Webmention (W3C §3.1); what happened goes in `result`. */
export async function sendDue(ctx: AppContext, job: Job): Promise<void> {
  const source = String(job.row.source);
  const target = String(job.row.target);
  let result: string;
  try {
    const endpoint = endpointOf(await requestRemote(target, guard(ctx)));
    if (!endpoint) result = "no endpoint";
    else {
      const answer = await requestRemote(endpoint, {
        ...guard(ctx),
        method: "POST",
        form: { source, target },
      });
      // A receiver's trouble is tried again; its refusal is its answer.
      if (answer.status >= 500) throw new Error(`endpoint answered ${answer.status}`);
      result = String(answer.status);
    }
  } catch (error) {
    if (!(error instanceof RemoteFetchError)) throw error;
    result = `refused: ${error.message}`;
  }
  await ctx.db
    .update(webmentionsSent)
    .set({ result, sentAt: ctx.now() })
    .where(eq(webmentionsSent.id, job.id));
}
