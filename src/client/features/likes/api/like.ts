import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { likeRead, likeToggle } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { call } from "../../../lib/api";

/** Whether the signed-in viewer likes the post (keyed by viewer, so another sign-in never sees it). */
export function useLikeState(postId: string, viewerId: string | null, likes: number) {
  return useQuery({
    queryKey: [...queryKeys.likeState(postId), viewerId],
    queryFn: ({ signal }) => call(likeRead, { params: { id: postId }, signal }),
    enabled: viewerId !== null,
    placeholderData: { liked: false, likes },
  });
}

/** SPEC §4 like toggle; the answer updates the button and the post's count. */
export function useToggleLike(postId: string, viewerId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(likeToggle, { params: { id: postId } }),
    onSuccess: (state) => {
      client.setQueryData([...queryKeys.likeState(postId), viewerId], state);
      client.setQueryData<BlogPost | null>(queryKeys.post(postId), (post) =>
        post ? { ...post, likes: state.likes } : post,
      );
      // Lists show the count too.
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
    },
  });
}
