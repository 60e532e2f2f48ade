import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type InboxComment, inboxCommentRead, inboxComments } from "../../../../common/api";
import type { Page } from "../../../../common/types";
import { call } from "../../../lib/api";

const key = ["inbox-comments"] as const;

/** New comments on the signed-in author's posts, read and unread, newest first. */
export function useInboxComments() {
  return useInfiniteQuery<
    Page<InboxComment>,
    Error,
    InfiniteData<Page<InboxComment>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      call(inboxComments, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** 'Mark as read': the list reloads after it. */
export function useMarkCommentRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(inboxCommentRead, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
