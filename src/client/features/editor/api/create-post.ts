import { useQueryClient } from "@tanstack/react-query";
import { postCreate } from "../../../../common/api";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { call } from "../../../lib/api";

export interface PostBody {
  title: string;
  content: string;
  excerpt: string;
  /** docs/decisions/0033-post-addresses.md; the server checks it (400/409 with a message). */
  slug?: string;
  hashtags: string[];
  images: BlogPost["images"];
  imageUrl: string | null;
  sendToFollowers: boolean;
}

/** A post is saved as a draft, scheduled (publishAt, ISO 8601) or published (the default). */
export interface Publishing {
  status?: "draft" | "scheduled" | "published";
  publishAt?: string;
}

/** POST /api/posts. */
export const createPost = (
  body: PostBody & Publishing & { author: BlogPost["author"] },
  options: { keepalive?: boolean } = {},
) => call(postCreate, { body, ...options });

/** What a new post makes stale: every list of posts reloads, and the neighbours of its blog's posts. */
export function useAfterCreatePost() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.postLists }),
      client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
    ]);
  };
}
