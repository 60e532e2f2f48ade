import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { commentCreate, commentDelete, commentsList, commentUpdate } from "../../../../common/api";
import type { Comment } from "../../../../common/engagement";
import { queryKeys } from "../../../../common/query-keys";
import type { Page } from "../../../../common/types";
import { call } from "../../../lib/api";
import { keyedPages } from "../../../lib/typed-query";

/** SPEC §7: a post's comments, newest first, a page at a time. */
export function useComments(postId: string) {
  return useInfiniteQuery<
    Page<Comment>,
    Error,
    InfiniteData<Page<Comment>, string | null>,
    readonly unknown[],
    string | null
  >({
    ...keyedPages(queryKeys.comments(postId), ({ pageParam, signal }) =>
      call(commentsList, { params: { id: postId }, query: { cursor: pageParam }, signal }),
    ),
    // Comments are live: the page shows the inlined ones at once and checks for newer ones.
    staleTime: 0,
  });
}

function useCommentMutation<TVars>(postId: string, fn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.comments(postId) }),
  });
}

/** A new comment, or a reply when `replyTo` names the comment it answers. */
export const useAddComment = (postId: string) =>
  useCommentMutation(postId, ({ content, replyTo }: { content: string; replyTo?: string }) =>
    call(commentCreate, { params: { id: postId }, body: replyTo ? { content, replyTo } : { content } }),
  );

export const useUpdateComment = (postId: string) =>
  useCommentMutation(postId, ({ id, content }: { id: string; content: string }) =>
    call(commentUpdate, { params: { id }, body: { content } }),
  );

export const useDeleteComment = (postId: string) =>
  useCommentMutation(postId, (id: string) => call(commentDelete, { params: { id } }));
