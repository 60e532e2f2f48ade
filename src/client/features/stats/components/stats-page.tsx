import { useState } from "react";
import { STATS_RANGES, type StatsRange, type StatsReport, type StatsScope } from "../../../../common/stats";
import { useSession } from "../../../lib/session";
import { siteBlogName } from "../../../lib/shell-data";
import { useStats } from "../api/get-stats";
import { StatsCharts } from "./stats-charts";
import { StatsLists } from "./stats-lists";
import "../stats.css";

const SCOPES: StatsScope[] = ["him", "her", "both"];
/** The blogs by the names in force (site settings), and both together. */
const scopeLabel = (scope: StatsScope) => (scope === "both" ? "Both blogs" : siteBlogName(scope));
const RANGE_LABELS: Record<StatsRange, string> = {
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "365d": "Last 365 days",
};

function Totals({ report }: { report: StatsReport }) {
  const { totals } = report;
  const items: Array<[string, number]> = [
    ["Views", totals.views],
    ["Visitors", totals.visitors],
    ["Read to the end", totals.reads],
    ["Likes", totals.likes],
    ["Comments", totals.comments],
    ["New followers", totals.followers],
  ];
  return (
    <dl className="stats-totals">
      {items.map(([label, n]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{n.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The studio's Stats page (/admin/stats): one author's blog or both, over a range. */
export default function StatsPage() {
  const { viewer } = useSession();
  const [scope, setScope] = useState<StatsScope>(viewer?.authorKey ?? "both");
  const [range, setRange] = useState<StatsRange>("7d");
  const stats = useStats(scope, range);
  return (
    <>
      <h1>Stats</h1>
      <p className="stats-note">
        Counted without cookies; bots and readers who ask not to be tracked are left out. New views appear
        within a minute. Days are UTC.
      </p>
      <div className="stats-controls">
        <label>
          Blog{" "}
          <select className="input" value={scope} onChange={(e) => setScope(e.target.value as StatsScope)}>
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {scopeLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Period{" "}
          <select className="input" value={range} onChange={(e) => setRange(e.target.value as StatsRange)}>
            {STATS_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isError ? <p role="alert">The statistics could not be loaded. Please try again.</p> : null}
      {stats.data ? (
        <div aria-busy={stats.isFetching}>
          <Totals report={stats.data} />
          <StatsCharts report={stats.data} />
          <StatsLists report={stats.data} />
        </div>
      ) : stats.isPending ? (
        <p aria-busy="true">Loading the statistics...</p>
      ) : null}
    </>
  );
}
