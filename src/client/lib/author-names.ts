import { useQuery } from "@tanstack/react-query";
import { authorsList } from "../../common/api";
import type { AuthorKey } from "../../common/limits";
import { publicAuthorName } from "../../common/site-names";
import { call } from "./api";

/** The two authors' names as the app shows them (their profiles' names, else Him / Her). */
export function useAuthorNames(): (author: AuthorKey) => string {
  const { data } = useQuery({
    queryKey: ["author-profiles"],
    queryFn: ({ signal }) => call(authorsList, { signal }),
    staleTime: 5 * 60_000,
  });
  return (author) => publicAuthorName(author, data?.find((p) => p.author === author)?.name);
}
