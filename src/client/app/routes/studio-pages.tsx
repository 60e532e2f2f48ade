import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { StudioShell } from "../studio/studio-shell";

// The pages (About, Privacy Policy, Terms of Service, anything else).
const PagesManager = lazy(() => import("../../features/editor/pages/components/pages-manager"));

/** /admin/pages: the authors' pages, written in the posts' editor. */
export default function AdminPagesPage() {
  return (
    <StudioShell page={pages.studioPages}>
      <h1>Pages</h1>
      <Suspense fallback={<p aria-busy="true">Loading the pages...</p>}>
        <PagesManager />
      </Suspense>
    </StudioShell>
  );
}
