import type { StatsReport } from "../../../../common/stats";

/** A chart point's label: "27 Nov, 14:00" for an hour, "27 Nov 2026" for a day (UTC, as counted). */
export function pointLabel(t: string, bucket: StatsReport["bucket"]): string {
  const at = new Date(bucket === "hour" ? t : `${t}T00:00:00.000Z`);
  return bucket === "hour"
    ? at.toLocaleString(undefined, {
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "UTC",
      })
    : at.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

/** Seconds since 1970 (uPlot's time axis). */
export const pointTime = (t: string, bucket: StatsReport["bucket"]): number =>
  Date.parse(bucket === "hour" ? t : `${t}T00:00:00.000Z`) / 1000;

export const DEVICE_LABELS = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as const;
