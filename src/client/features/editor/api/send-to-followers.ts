import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** How many followers a new post will be emailed to (the studio header's count: same key). */
export const useFollowerReach = () =>
  useQuery({
    queryKey: ["follow", "stats"],
    queryFn: ({ signal }) => api<{ followers: number }>("/api/follow/stats", { signal }),
  });

/** 'Send a test to me': the post's follower email, to its author. */
export const sendTestEmail = (postId: string) =>
  api<{ sentTo: string }>("/api/audience/test-email", { method: "POST", body: { postId } });
