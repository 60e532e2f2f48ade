import { useMutation, useQueryClient } from "@tanstack/react-query";
import { blockCreate, blockedServerAdd, commentReport, commentVisibility } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

/** The post's author hides a comment from readers or shows it again. */
export function useSetHidden(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      call(commentVisibility, { params: { id }, body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.comments(postId) }),
  });
}

/** The post's author blocks a reader from commenting on their blog. */
export function useBlock(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(blockCreate, { body: { userId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.comments(postId) });
      await client.invalidateQueries({ queryKey: queryKeys.blockedReaders });
    },
  });
}

/** The post's author blocks the social-web server a comment came from. */
export function useBlockServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => call(blockedServerAdd, { body: { host } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...queryKeys.socialWeb, "blocked-servers"] }),
  });
}

/** A reader reports a comment to the post's author. */
export const useReport = () =>
  useMutation({ mutationFn: (id: string) => call(commentReport, { params: { id }, body: {} }) });
