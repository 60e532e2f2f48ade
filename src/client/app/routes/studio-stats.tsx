import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { StudioShell } from "../studio/studio-shell";

// The charts (uPlot) load with this page only: readers never download them.
const StatsPage = lazy(() => import("../../features/stats/components/stats-page"));

/** /admin/stats: the authors' statistics (docs/stats.md). */
export default function AdminStatsPage() {
  return (
    <StudioShell page={pages.studioStats}>
      <Suspense fallback={<p aria-busy="true">Loading the statistics...</p>}>
        <StatsPage />
      </Suspense>
    </StudioShell>
  );
}
