import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import { useSession } from "../../../lib/session";
import { useStats } from "../api/get-stats";
import "../stats.css";

/** The studio's home: the last 7 days of both blogs at a glance, and the way to the Stats page. */
export default function StatsSummary() {
  const { viewer } = useSession();
  const stats = useStats("both", "7d");
  if (!viewer?.isAdmin) return null;
  const top = stats.data?.topPosts[0];
  return (
    <section className="stats-summary" aria-labelledby="stats-summary-title">
      <h2 id="stats-summary-title">Last 7 days</h2>
      {stats.data ? (
        <dl className="stats-totals">
          <div>
            <dt>Views</dt>
            <dd>{stats.data.totals.views.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Visitors</dt>
            <dd>{stats.data.totals.visitors.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Top post</dt>
            <dd>{top ? <Link to={paths.post(top.postId)}>{top.title}</Link> : "None yet"}</dd>
          </div>
        </dl>
      ) : stats.isError ? (
        <p>The statistics could not be loaded.</p>
      ) : (
        <p aria-busy="true">Loading the statistics...</p>
      )}
      <p>
        <Link to={paths.studioStats}>See all stats</Link>
      </p>
    </section>
  );
}
