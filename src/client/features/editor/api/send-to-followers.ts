import { useQuery } from "@tanstack/react-query";
import { audienceTestEmail, followStats } from "../../../../common/api";
import { call } from "../../../lib/api";

/** How many followers a new post will be emailed to (the studio header's count: same key). */
export const useFollowerReach = () =>
  useQuery({
    queryKey: ["follow", "stats"],
    queryFn: ({ signal }) => call(followStats, { signal }),
  });

/** 'Send a test to me': the post's follower email, to its author. */
export const sendTestEmail = (postId: string) => call(audienceTestEmail, { body: { postId } });
