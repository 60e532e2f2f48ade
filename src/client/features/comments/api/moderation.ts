import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";

const commentUrl = (id: string) => `/api/comments/${encodeURIComponent(id)}`;

/** The post's author hides a comment from readers or shows it again. */
export function useSetHidden(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api(`${commentUrl(id)}/visibility`, { method: "PATCH", body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.comments(postId) }),
  });
}

/** The post's author blocks a reader from commenting on their blog. */
export function useBlock(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api("/api/blocks", { method: "POST", body: { userId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.comments(postId) });
      await client.invalidateQueries({ queryKey: queryKeys.blockedReaders });
    },
  });
}

/** The post's author blocks the social-web server a comment came from (issue 23). */
export function useBlockServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (host: string) =>
      api("/api/admin/fediverse/blocked-servers", { method: "POST", body: { host } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...queryKeys.socialWeb, "blocked-servers"] }),
  });
}

/** A reader reports a comment to the post's author. */
export const useReport = () =>
  useMutation({ mutationFn: (id: string) => api(`${commentUrl(id)}/report`, { method: "POST", body: {} }) });
