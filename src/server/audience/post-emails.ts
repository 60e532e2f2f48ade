import { resolveSiteSettings } from "../../common/site-settings";
import { listAuthorProfiles } from "../authors/author-profiles.repository";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { settingsEnv } from "../settings/site-settings";
import { readStoredSiteSettings } from "../settings/site-settings.repository";
import { newPostEmail, type PostForEmail } from "./emails";
import { activeFollowers } from "./followers.repository";
import { enqueueMail } from "./mail-queue.repository";

const TOKEN_SLOT = "follower-token-slot";

/**
 * A post became public: queue one email to each confirmed follower of its author. Run it as
 * often as you like: the (follower, post) key keeps it to one email each.
 */
export async function queueNewPostEmails(
  db: Db,
  config: Config,
  post: PostForEmail,
  now: Date,
): Promise<number> {
  const list = await activeFollowers(db, post.author);
  if (list.length === 0) return 0;
  // Read on the caller's transaction (the claim that announces the post), not through the cache.
  const names = resolveSiteSettings(await readStoredSiteSettings(db), settingsEnv(config));
  const profile = (await listAuthorProfiles(db)).find((p) => p.author === post.author);
  // Rendered once: followers' emails differ only by their token (base64url, the same in any URL).
  const letter = newPostEmail(config, names, post, TOKEN_SLOT, profile);
  const fill = (s: string, token: string) => s.replaceAll(TOKEN_SLOT, token);
  return enqueueMail(
    db,
    list.map((follower) => ({
      kind: "post" as const,
      toEmail: follower.email,
      followerId: follower.id,
      postId: post.id,
      nextAttemptAt: now,
      subject: letter.subject,
      text: fill(letter.text, follower.token),
      html: fill(letter.html, follower.token),
      unsubscribeUrl: fill(letter.unsubscribeUrl, follower.token),
    })),
  );
}
