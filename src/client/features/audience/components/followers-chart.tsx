import type { GrowthPoint } from "../../../../common/audience-page";

const W = 600;
const H = 140;
const PAD = { top: 10, right: 8, bottom: 22, left: 36 };

const label = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** Followers over time: one line over the last days, drawn as SVG (no chart library). */
export function FollowersChart({ points }: { points: GrowthPoint[] }) {
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.map((p) => p.followers));
  const x = (i: number) => PAD.left + (i / Math.max(1, points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (n: number) => PAD.top + (1 - n / max) * (H - PAD.top - PAD.bottom);
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.followers).toFixed(1)}`)
    .join(" ");
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0)},${y(0)} Z`;
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary = `Active followers over the last ${points.length} days: ${first.followers} on ${label(first.day)}, ${last.followers} today.`;
  return (
    <figure className="audience-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line className="audience-chart-axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        <text className="audience-chart-tick" x={PAD.left - 6} y={y(max) + 4} textAnchor="end">
          {max}
        </text>
        <text className="audience-chart-tick" x={PAD.left - 6} y={y(0) + 4} textAnchor="end">
          0
        </text>
        <path className="audience-chart-area" d={area} />
        <path className="audience-chart-line" d={line} />
        <text className="audience-chart-tick" x={PAD.left} y={H - 6}>
          {label(first.day)}
        </text>
        <text className="audience-chart-tick" x={W - PAD.right} y={H - 6} textAnchor="end">
          today
        </text>
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
