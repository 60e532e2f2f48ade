import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authorRead, authorUpdate } from "../../../../common/api";
import type { AuthorKey } from "../../../../common/limits";
import { isPostReadingKey } from "../../../../common/query-keys";
import type { AuthorProfileBody } from "../../../../common/schemas/author-profile";
import { call } from "../../../lib/api";

const profileKey = (author: AuthorKey) => ["author-profile", author] as const;

export function useAuthorProfile(author: AuthorKey) {
  return useQuery({
    queryKey: profileKey(author),
    queryFn: ({ signal }) => call(authorRead, { params: { author }, signal }),
  });
}

export function useSaveAuthorProfile(author: AuthorKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthorProfileBody) => call(authorUpdate, { params: { author }, body }),
    onSuccess: async (saved) => {
      client.setQueryData(profileKey(author), saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["author-profiles"] }),
        // Post pages show the profile too.
        client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
      ]);
    },
  });
}
