import type { Db } from "../db/client";
import type { Config } from "../env";
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
  return enqueueMail(
    db,
    list.map((follower) => ({
      kind: "post" as const,
      toEmail: follower.email,
      followerId: follower.id,
      postId: post.id,
      nextAttemptAt: now,
      ...newPostEmail(config, post, follower.token),
    })),
  );
}
