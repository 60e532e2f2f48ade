import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { StudioShell } from "../studio/studio-shell";

// Comments to review and contact messages.
const Inbox = lazy(() => import("../../features/inbox/components/inbox"));

/** /admin/inbox: comments to review, then contact messages. */
export default function AdminInboxPage() {
  return (
    <StudioShell page={pages.studioInbox}>
      <Suspense fallback={<p aria-busy="true">Loading the inbox...</p>}>
        <Inbox />
      </Suspense>
    </StudioShell>
  );
}
