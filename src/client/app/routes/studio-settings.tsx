import { lazy, Suspense } from "react";
import { pages } from "../../../common/routes";
import { useSession } from "../../lib/session";
import { StudioShell } from "../studio/studio-shell";

const AuthorProfileForm = lazy(() => import("../../features/studio/components/author-profile-form"));
// The site's words, colours, her pin board and the contact recipients (both authors).
const SiteSettingsForm = lazy(() => import("../../features/settings/components/site-settings-form"));
// The logo and favicon.
const SiteLogoForm = lazy(() => import("../../features/settings/components/site-logo-form"));

/** /admin/settings: the author's profile, then the site's settings. */
export default function AdminSettingsPage() {
  const { viewer } = useSession();
  return (
    <StudioShell page={pages.studioSettings}>
      <h1>Settings</h1>
      <Suspense fallback={<p aria-busy="true">Loading the settings...</p>}>
        {viewer?.authorKey ? <AuthorProfileForm author={viewer.authorKey} /> : null}
        <SiteSettingsForm />
        <SiteLogoForm />
      </Suspense>
    </StudioShell>
  );
}
