import { useQuery } from "@tanstack/react-query";
import { postStats } from "../../../../common/api";
import { type PostStats, STATS_POST_IDS_MAX } from "../../../../common/stats";
import { call } from "../../../lib/api";

// GET /api/stats/posts: every row of the Posts list asks for its post; the asks of one moment go
// out as one request (up to STATS_POST_IDS_MAX ids), not one request per row.
const waiting: Array<{ id: string; resolve: (s: PostStats) => void; reject: (e: unknown) => void }> = [];

function send() {
  const batch = waiting.splice(0, STATS_POST_IDS_MAX);
  if (waiting.length > 0) setTimeout(send, 0);
  const ids = [...new Set(batch.map((w) => w.id))].join(",");
  call(postStats, { query: { ids } }).then(
    ({ posts }) => {
      const byId = new Map(posts.map((p) => [p.postId, p]));
      for (const w of batch) w.resolve(byId.get(w.id) ?? { postId: w.id, views: 0, reads: 0 });
    },
    (error) => {
      for (const w of batch) w.reject(error);
    },
  );
}

function loadPostStats(id: string): Promise<PostStats> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setTimeout(send, 0);
    waiting.push({ id, resolve, reject });
  });
}

/** A post's views and finished reads since counting began (its author only). */
export function usePostStats(postId: string) {
  return useQuery({
    queryKey: ["stats", "post", postId] as const,
    queryFn: () => loadPostStats(postId),
    staleTime: 60_000,
  });
}
