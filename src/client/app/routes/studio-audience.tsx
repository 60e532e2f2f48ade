import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { FollowerCount } from "../../features/follow/components/follower-count";
import { StudioShell } from "../studio/studio-shell";

// Followers by email (list, search, import, export, chart) and the blocked readers.
const AudiencePage = lazy(() => import("../../features/audience/components/audience-page"));

/** /admin/audience: who follows the blog by email, and the readers the author blocked. */
export default function AdminAudiencePage() {
  return (
    <StudioShell page={pages.studioAudience}>
      <h1>Audience</h1>
      <FollowerCount />
      <Suspense fallback={<p aria-busy="true">Loading your followers...</p>}>
        <AudiencePage />
      </Suspense>
    </StudioShell>
  );
}
