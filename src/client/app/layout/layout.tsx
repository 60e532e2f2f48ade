import { Outlet, useLocation } from "react-router";
import { paths } from "../../../common/routes";
import { useStatsBeacon } from "../../features/stats/beacon";
import { useSession } from "../../lib/session";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import { PageBoundary } from "./page-boundary";
import { RouteFocus } from "./route-focus";
import { ScrollToTop } from "./scroll-to-top";
import { VerifyBanner } from "./verify-banner";

const isStudioPath = (pathname: string) =>
  pathname === paths.studio || pathname.startsWith(`${paths.studio}/`);

export function Layout({ siteName }: { siteName: string }) {
  const { viewer } = useSession();
  const { pathname } = useLocation();
  // Cookie-free page views of public pages (docs/stats.md); the authors' own visits are not counted.
  useStatsBeacon(pathname, viewer !== undefined && !viewer?.isAdmin);
  // SPEC §2: the app renders nothing until the first sign-in status is known.
  if (viewer === undefined) return null;
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <RouteFocus />
      <Navbar siteName={siteName} />
      {/* The studio's views show the same offer as their whole page. */}
      {viewer?.unverifiedAuthor && !isStudioPath(pathname) ? <VerifyBanner /> : null}
      {/* tabIndex -1: the skip link's target takes focus, so the next Tab starts inside the page. */}
      <div id="main" className="app-main" tabIndex={-1}>
        <PageBoundary pathname={pathname}>
          <Outlet />
        </PageBoundary>
      </div>
      <Footer siteName={siteName} />
    </div>
  );
}
