import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import type { StatsReport } from "../../../../common/stats";
import { DEVICE_LABELS } from "./format";

/** A ranked list as a table, each row with a bar of its share (the number is always written). */
function RankTable({
  title,
  name,
  rows,
  empty,
}: {
  title: string;
  name: string;
  rows: Array<{ key: string; label: ReactNode; views: number; extra?: number }>;
  empty: string;
}) {
  const top = Math.max(1, ...rows.map((r) => r.views));
  const withReads = rows.some((r) => r.extra !== undefined);
  return (
    <section className="stats-panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="stats-empty">{empty}</p>
      ) : (
        <table className="stats-table stats-rank">
          <thead>
            <tr>
              <th scope="col">{name}</th>
              <th scope="col">Views</th>
              {withReads ? <th scope="col">Read to the end</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">
                  <span
                    className="stats-bar"
                    style={{ width: `${(r.views / top) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className="stats-bar-label">{r.label}</span>
                </th>
                <td>{r.views.toLocaleString()}</td>
                {withReads ? <td>{(r.extra ?? 0).toLocaleString()}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function StatsLists({ report }: { report: StatsReport }) {
  return (
    <div className="stats-lists">
      <RankTable
        title="Top posts"
        name="Post"
        empty="No post has been read in this period."
        rows={report.topPosts.map((p) => ({
          key: p.postId,
          label: <Link to={paths.post(p.postId)}>{p.title}</Link>,
          views: p.views,
          extra: p.reads,
        }))}
      />
      <RankTable
        title="Top sources"
        name="Source"
        empty="No visit came from another site in this period."
        rows={report.sources.map((s) => ({ key: s.source, label: s.source, views: s.views }))}
      />
      <RankTable
        title="Devices"
        name="Device"
        empty="No views in this period."
        rows={report.devices.map((d) => ({ key: d.device, label: DEVICE_LABELS[d.device], views: d.views }))}
      />
    </div>
  );
}
