import { usePostStats } from "../api/get-post-stats";

/** A post's own numbers, for its author (a Posts row, the post page). */
export default function PostStatsLine({ postId }: { postId: string }) {
  const stats = usePostStats(postId).data;
  if (!stats) return null;
  const views = (n: number) => `${n.toLocaleString()} ${n === 1 ? "view" : "views"}`;
  return (
    <span className="post-stats-line">
      {views(stats.views)} · {stats.reads.toLocaleString()} read to the end
      {/* A take: the two-takes post's numbers too (both takes together). */}
      {stats.pair
        ? ` · both takes: ${views(stats.pair.views)}, ${stats.pair.reads.toLocaleString()} read to the end`
        : null}
    </span>
  );
}
