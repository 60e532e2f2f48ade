import { useQuery } from "@tanstack/react-query";
import { postsList } from "../../../../common/api";
import { HOME_LATEST_POSTS } from "../../../../common/limits";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";
import { keyedQuery } from "../../../lib/typed-query";

/** The latest public posts of both blogs, newest first (home; the server inlines them). */
export function useLatestPosts() {
  return useQuery(
    keyedQuery(queryKeys.latestPosts, ({ signal }) =>
      call(postsList, { query: { limit: HOME_LATEST_POSTS }, signal }),
    ),
  );
}
