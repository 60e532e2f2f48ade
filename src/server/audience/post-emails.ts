import { resolveSiteSettings } from "../../common/site-settings";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { settingsEnv } from "../settings/site-settings";
import { readStoredSiteSettings } from "../settings/site-settings.repository";
import { newPostEmail, type PostForEmail } from "./emails";
import { activeFollowers } from "./followers.repository";
import { enqueueMail } from "./mail-queue.repository";

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
  // Read on the caller's transaction (the claim that announces the post), not through the cache.
  const names = resolveSiteSettings(await readStoredSiteSettings(db), settingsEnv(config));
  return enqueueMail(
    db,
    list.map((follower) => ({
      kind: "post" as const,
      toEmail: follower.email,
      followerId: follower.id,
      postId: post.id,
      nextAttemptAt: now,
      ...newPostEmail(config, names, post, follower.token),
    })),
  );
}
