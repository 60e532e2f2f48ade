import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import type { AppContext } from "../context";
import { blogPosts } from "../db/schema";
import type { TestApp, TestUser } from "./test-app";

let counter = 0;

/** Insert a post row directly (tests that need a post but not the authoring API). */
export async function createPost(
  ctx: AppContext,
  opts: { author?: AuthorKey; title?: string; content?: string; hashtags?: string[]; date?: Date } = {},
) {
  counter++;
  const [row] = await ctx.db
    .insert(blogPosts)
    .values({
      title: opts.title ?? `Test post ${counter}`,
      content: opts.content ?? `<p>Body of test post ${counter}</p>`,
      author: opts.author ?? "him",
      hashtags: opts.hashtags ?? [],
      // Dated by the app's clock: a post dated after "now" would be a scheduled post, not public.
      date: opts.date ?? ctx.now(),
    })
    .returning();
  return row!;
}

/** Post a comment (or a reply) through the API as this user; expects 201 and answers the comment. */
export async function postComment(
  t: TestApp,
  postId: string,
  who: TestUser,
  content: string,
  replyTo?: string,
): Promise<Comment> {
  const res = await t.request({
    method: "POST",
    url: `/api/posts/${postId}/comments`,
    cookie: who.cookie,
    payload: { content, ...(replyTo ? { replyTo } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`comment not posted: ${res.statusCode} ${res.body}`);
  return res.json() as Comment;
}
