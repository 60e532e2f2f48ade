import { sql } from "drizzle-orm";
import { authorProfilesNow } from "../authors/authors.reads";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { followers } from "../db/schema";
import type { Config } from "../env";
import { siteSettingsNow } from "../settings/settings-now.reads";
import { otherTakeOf } from "../takes/takes.reads";
import { newPostEmail, type PostForEmail } from "./emails";
import { isActiveFollowerOf } from "./followers.repository";

/**
 * Stands for each follower's own link secret in the email rendered once per post; the database
 * puts the follower's token in its place (tokens and this are base64url: no URL or HTML escaping
 * changes them).
 */
export const FOLLOWER_TOKEN_SLOT = "DuetFollowerTokenSlot0x7c3e";

/**
 * A post became public: queue one email to each confirmed follower of its author, unless the
 * author chose to publish without sending. The email is rendered once and the rows are written
 * by one INSERT … SELECT, so thousands of followers cost one statement, not a render and a row
 * round trip each (measured in the decision record 0031). Run it as often as you like: the
 * (follower, post) key keeps it to one email each.
 */
export async function queueNewPostEmails(
  db: Db,
  config: Config,
  post: PostForEmail & { sendToFollowers?: boolean },
  now: Date,
): Promise<number> {
  if (post.sendToFollowers === false) return 0;
  // Read on the caller's transaction (the claim that announces the post), not through the cache.
  const names = await siteSettingsNow(db, config);
  const profile = (await authorProfilesNow(db, config.authorEmails)).find((p) => p.author === post.author);
  // A take: this author's take first, then a link to the partner's (decision 0046).
  const otherTake = await otherTakeOf(db, config, post.id);
  // Rendered once: followers' emails differ only by their token.
  const mail = newPostEmail(config, names, post, FOLLOWER_TOKEN_SLOT, profile, otherTake);
  const put = (value: string | null | undefined) =>
    value == null
      ? sql`null`
      : sql`replace(${value}::text, ${FOLLOWER_TOKEN_SLOT}::text, ${followers.token})`;
  const result = await db.execute(sql`
    with added as (
      insert into mail_queue (kind, to_email, follower_id, post_id, subject, text, html, unsubscribe_url, next_attempt_at)
      select 'post', ${followers.email}, ${followers.id}, ${post.id}::uuid, ${mail.subject}::text,
        ${put(mail.text)}, ${put(mail.html)}, ${put(mail.unsubscribeUrl)}, ${now}::timestamptz
      from ${followers}
      where ${isActiveFollowerOf(post.author)}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from added`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
