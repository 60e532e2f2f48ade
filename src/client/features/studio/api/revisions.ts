import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { revisionCompare, revisionRestore, revisionsList } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { Page, PostRevisionSummary } from "../../../../common/types";
import { call } from "../../../lib/api";
import { ownPostsQueryKey } from "./own-posts";

const revisionsKey = (postId: string) => ["studio", "revisions", postId] as const;

/** A post's revisions, newest first (its author only). */
export function useRevisions(postId: string) {
  return useInfiniteQuery<
    Page<PostRevisionSummary>,
    Error,
    InfiniteData<Page<PostRevisionSummary>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: revisionsKey(postId),
    queryFn: ({ pageParam, signal }) =>
      call(revisionsList, { params: { id: postId }, query: { cursor: pageParam }, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** A revision and what changed: against the previous revision, or the post as it is now. */
export function useRevisionComparison(
  postId: string,
  revisionId: string | null,
  against: "previous" | "current",
) {
  return useQuery({
    queryKey: [...revisionsKey(postId), revisionId, against],
    queryFn: ({ signal }) =>
      call(revisionCompare, { params: { id: postId, revisionId: revisionId! }, query: { against }, signal }),
    enabled: revisionId !== null,
    staleTime: 0,
  });
}

/** Restore a revision: the post, its lists and its history change. */
export function useRestoreRevision(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => call(revisionRestore, { params: { id: postId, revisionId } }),
    onSuccess: async (post) => {
      client.setQueryData(queryKeys.post(post.id), post);
      await Promise.all([
        client.invalidateQueries({ queryKey: revisionsKey(postId) }),
        client.invalidateQueries({ queryKey: ownPostsQueryKey }),
        client.invalidateQueries({ queryKey: ["posts"] }),
      ]);
    },
  });
}
