import { useMemo } from "react";
import type { StatsReport } from "../../../../common/stats";
import { ChartTable } from "./chart-table";
import { pointLabel, pointTime } from "./format";
import { type ChartSeries, LineChart } from "./line-chart";

/** One chart and its table view, from some columns of the report's series. */
function Chart({
  title,
  report,
  columns,
}: {
  title: string;
  report: StatsReport;
  columns: Array<{
    key: "views" | "visitors" | "likes" | "comments" | "followers";
    label: string;
    colour: string;
  }>;
}) {
  const times = useMemo(() => report.series.map((p) => pointTime(p.t, report.bucket)), [report]);
  const series: ChartSeries[] = useMemo(
    () =>
      columns.map((c) => ({ label: c.label, colour: c.colour, values: report.series.map((p) => p[c.key]) })),
    [report, columns],
  );
  const summary = columns
    .map((c) => `${report.totals[c.key].toLocaleString()} ${c.label.toLowerCase()}`)
    .join(", ");
  return (
    <section className="stats-panel">
      <h2>{title}</h2>
      <LineChart label={`${title}: ${summary}`} times={times} series={series} />
      <ChartTable
        caption={title}
        columns={columns.map((c) => c.label)}
        rows={report.series.map((p) => ({
          label: pointLabel(p.t, report.bucket),
          values: columns.map((c) => p[c.key]),
        }))}
      />
    </section>
  );
}

const TRAFFIC = [
  { key: "views", label: "Views", colour: "--accent" },
  { key: "visitors", label: "Visitors", colour: "--him" },
] as const;
const ENGAGEMENT = [
  { key: "likes", label: "Likes", colour: "--her" },
  { key: "comments", label: "Comments", colour: "--him" },
  { key: "followers", label: "New followers", colour: "--accent" },
] as const;

export function StatsCharts({ report }: { report: StatsReport }) {
  return (
    <>
      <Chart title="Views and visitors" report={report} columns={[...TRAFFIC]} />
      <Chart title="Likes, comments and new followers" report={report} columns={[...ENGAGEMENT]} />
    </>
  );
}
