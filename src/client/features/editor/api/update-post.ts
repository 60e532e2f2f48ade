import { useQueryClient } from "@tanstack/react-query";
import { postUpdate } from "../../../../common/api";
import { COLLAB_SAVE_HEADER } from "../../../../common/collab";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import type { BlogPost, PostAddress } from "../../../../common/types";
import { call } from "../../../lib/api";
import type { PostBody, Publishing } from "./create-post";

/** The header of a save made from inside a writing-together session: the server keeps its room. */
export const COLLAB_HEADERS = { [COLLAB_SAVE_HEADER]: "1" };

/**
 * PATCH /api/posts/:id; `autosave: true` marks the editor's periodic saves (the server coalesces
 * their revisions); `newPost: true` the new-post form's saves (SPEC §5's create rule for hashtags);
 * `collab` a save of the shared document (the room is not reset by it).
 */
export const updatePost = (
  id: string,
  body: PostBody & Publishing & { autosave?: boolean; newPost?: true },
  { collab, ...options }: { keepalive?: boolean; collab?: boolean } = {},
) => call(postUpdate, { params: { id }, body, ...options, ...(collab ? { headers: COLLAB_HEADERS } : {}) });

/**
 * What a saved post makes stale: the post itself shows the answer (when given), at its address too,
 * and every list of posts and every post's reading time and neighbours reload.
 */
export function useAfterUpdatePost() {
  const client = useQueryClient();
  return async (post?: BlogPost) => {
    if (post) {
      client.setQueryData(queryKeys.post(post.id), post);
      // A new address resolves at once: the post page moves to it without unmounting the editor
      // (its success message and SPEC §4's return to the blog stay).
      const address: PostAddress = { id: post.id, slug: post.slug };
      client.setQueryData(queryKeys.postAt(post.slug), address);
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.postLists }),
      client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
    ]);
  };
}
