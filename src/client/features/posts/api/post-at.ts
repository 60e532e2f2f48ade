import { useQuery, useQueryClient } from "@tanstack/react-query";
import { postBySlug } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPost, PostAddress } from "../../../../common/types";
import { ApiError, call } from "../../../lib/api";
import { keyedQuery } from "../../../lib/typed-query";
import { usePost } from "./post";

const fetchPostAt = async (address: string, signal?: AbortSignal): Promise<BlogPost | null> => {
  try {
    return await call(postBySlug, { params: { slug: address }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/**
 * The post at an address. The post itself stays under its id (likes, edits and revisions update it
 * there); the address only resolves to the id. The page compares `post.slug` with the address and
 * replaces the URL with the current one.
 */
export function usePostAt(address: string | undefined) {
  const client = useQueryClient();
  const at = useQuery({
    ...keyedQuery(queryKeys.postAt(address ?? ""), async ({ signal }): Promise<PostAddress | null> => {
      const post = await fetchPostAt(address!, signal);
      if (!post) return null;
      client.setQueryData(queryKeys.post(post.id), post);
      return { id: post.id, slug: post.slug };
    }),
    enabled: !!address,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
  const post = usePost(at.data?.id);
  if (at.isError || post.isError) return { state: "error" } as const;
  if (at.data === null || post.data === null) return { state: "missing" } as const;
  if (at.isPending || post.isPending) return { state: "pending" } as const;
  return { state: "ready", post: post.data } as const;
}
