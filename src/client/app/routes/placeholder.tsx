import { Link, useLocation } from "react-router";
import { pages, pageTitle, paths } from "../../../common/routes";
import { shell, useDocumentTitle } from "../layout/use-document-title";

// SPEC §2: the footer's Privacy Policy and Terms of Service are placeholders.
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const page = pathname === paths.terms ? pages.terms : pages.privacy;
  useDocumentTitle(pageTitle(page, shell().siteName));
  return (
    <main className="page">
      <div className="page-message">
        <h1>{page.title}</h1>
        <p>This page is coming soon.</p>
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
