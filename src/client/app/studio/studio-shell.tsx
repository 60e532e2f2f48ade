import { lazy, type ReactNode, Suspense } from "react";
import { NavLink } from "react-router";
import { type Page, pageTitle, paths } from "../../../common/routes";
import { RequireAuth } from "../../features/auth/components/require-auth";
import { useSession } from "../../lib/session";
import { shell, useDocumentTitle } from "../layout/use-document-title";
import "./studio-shell.css";

const VerifyEmailNotice = lazy(() =>
  import("../../features/studio/components/verify-email-notice").then((m) => ({
    default: m.VerifyEmailNotice,
  })),
);

/** The studio's views, each its own URL: Write is SPEC §2's /admin. */
const VIEWS = [
  { to: paths.studio, label: "Write" },
  { to: paths.studioPosts, label: "Posts" },
  { to: paths.studioInbox, label: "Inbox" },
  { to: paths.studioAudience, label: "Audience" },
  { to: paths.studioPages, label: "Pages" },
  { to: paths.studioSettings, label: "Settings" },
  { to: paths.studioExport, label: "Export" },
  { to: paths.studioStats, label: "Stats" },
] as const;

function StudioNav() {
  return (
    <nav className="studio-nav" aria-label="Studio">
      <ul>
        {VIEWS.map((view) => (
          <li key={view.to}>
            {/* NavLink marks the current view with aria-current="page". */}
            <NavLink to={view.to} end className="studio-nav-link">
              {view.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Every studio view: admins only (SPEC §2: others go to /login with their origin), the studio's
 * navigation, then the view. `wide` gives the writing canvas the whole width.
 */
export function StudioShell({
  page,
  children,
  wide = false,
}: {
  page: Page;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(pageTitle(page, shell().siteName));
  const { viewer } = useSession();
  // An author who registered but has not verified is told so, not sent to log in again.
  if (viewer?.unverifiedAuthor) {
    return (
      <main className="page">
        <Suspense fallback={<p aria-busy="true">Loading...</p>}>
          <VerifyEmailNotice email={viewer.email} />
        </Suspense>
      </main>
    );
  }
  return (
    <RequireAuth admin>
      <div className="studio">
        <StudioNav />
        <main className={wide ? "studio-main studio-main--wide" : "page studio-main"}>{children}</main>
      </div>
    </RequireAuth>
  );
}
