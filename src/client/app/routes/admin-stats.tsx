import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { pages, pageTitle, paths } from "../../../common/routes";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// The charts (uPlot) load with this page only: readers never download them.
const StatsPage = lazy(() => import("../../features/stats/components/stats-page"));

/** /admin/stats: the authors' statistics (docs/stats.md). */
export default function AdminStatsPage() {
  useDocumentTitle(pageTitle(pages.adminStats, shell().siteName));
  return (
    <RequireAuth admin>
      <main className="page">
        <p>
          <Link to={paths.admin}>Back to Blog Admin</Link>
        </p>
        <Suspense fallback={<p aria-busy="true">Loading the statistics...</p>}>
          <StatsPage />
        </Suspense>
      </main>
    </RequireAuth>
  );
}
