import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { pages, paths } from "../../../common/routes";
import { FIRST_HOUR_PLACE, firstHourDismissed } from "../../features/first-hour/first-hour-place";
import { useSession } from "../../lib/session";
import { StudioShell } from "../studio/studio-shell";

// The editor is its own chunk: readers never download it.
const NewPostForm = lazy(() => import("../../features/editor/components/new-post-form"));
// The first hour's checklist, at the top of Write.
const FirstHourChecklist = lazy(() => import("../../features/first-hour/first-hour-checklist"));

function AdminHeader() {
  const { viewer } = useSession();
  // The emailed verification link lands here, signed in (?verified=1).
  const [params] = useSearchParams();
  return (
    <header className="admin-header">
      <h1>Blog Admin</h1>
      <p>Welcome, {viewer?.email}</p>
      {params.get("verified") === "1" && !params.has("error") ? (
        <p role="status">Your email address is verified.</p>
      ) : null}
    </header>
  );
}

/** SPEC §2 /admin, the studio's Write view: 'Blog Admin', the welcome line and the new-post form. */
export default function AdminPage() {
  const { viewer } = useSession();
  return (
    <StudioShell page={pages.studio} wide>
      <AdminHeader />
      {viewer && !firstHourDismissed(viewer.id) ? (
        // Its place is kept while it loads: the form below does not move under a click.
        <Suspense fallback={<div style={FIRST_HOUR_PLACE} aria-hidden="true" />}>
          <FirstHourChecklist
            links={{
              profile: `${paths.studioSettings}#author-profile-heading`,
              post: "#new-post-heading",
              settings: `${paths.studioSettings}#site-settings-heading`,
            }}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={<p aria-busy="true">Loading the editor...</p>}>
        <NewPostForm ownAuthor={viewer?.authorKey ?? null} />
      </Suspense>
    </StudioShell>
  );
}
