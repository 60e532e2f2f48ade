import { usePostStats } from "../api/get-post-stats";

/** A post's own numbers, for its author (a Posts row, the post page). */
export default function PostStatsLine({ postId }: { postId: string }) {
  const stats = usePostStats(postId).data;
  if (!stats) return null;
  return (
    <span className="post-stats-line">
      {stats.views.toLocaleString()} {stats.views === 1 ? "view" : "views"} · {stats.reads.toLocaleString()}{" "}
      read to the end
    </span>
  );
}
