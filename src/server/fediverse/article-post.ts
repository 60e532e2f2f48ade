import type { BlogPost } from "../../common/types";
import type { AppContext } from "../context";
import { getPublicPost } from "../posts/posts.repository";
import { otherTakeOf } from "../takes/takes.reads";

/** A public post as the social web gets it, and the partner's take when it is one (decision 0046). */
export interface ArticlePost {
  post: BlogPost;
  otherTake: { authorName: string; url: string } | null;
}

/** What every Article is made of (the Create, the Update, the object, the outbox); null when not public. */
export async function publicArticlePost(ctx: AppContext, postId: string): Promise<ArticlePost | null> {
  const post = await getPublicPost(ctx.db, postId, ctx.now());
  if (!post) return null;
  return { post, otherTake: await otherTakeOf(ctx.db, ctx.config, post.id) };
}
