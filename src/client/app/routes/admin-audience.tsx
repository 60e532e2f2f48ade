import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { FollowerCount } from "../../features/follow/components/follower-count";
import { StudioShell } from "../studio/studio-shell";

const BlockedReaders = lazy(() =>
  import("../../features/inbox/components/blocked-readers").then((m) => ({ default: m.BlockedReaders })),
);

/** /admin/audience: who follows the blog by email, and the readers the author blocked. */
export default function AdminAudiencePage() {
  return (
    <StudioShell page={pages.adminAudience}>
      <h1>Audience</h1>
      <FollowerCount />
      <Suspense fallback={<p aria-busy="true">Loading...</p>}>
        <BlockedReaders />
      </Suspense>
    </StudioShell>
  );
}
