import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { StudioShell } from "../studio/studio-shell";

// Own your blog: Export and Import.
const ArchivePanel = lazy(() => import("../../features/archive/components/archive-panel"));

/** /admin/export: the blog as one archive, and moving one in. */
export default function AdminExportPage() {
  return (
    <StudioShell page={pages.studioExport}>
      <h1>Export</h1>
      <Suspense fallback={<p aria-busy="true">Loading...</p>}>
        <ArchivePanel />
      </Suspense>
    </StudioShell>
  );
}
