import { Link } from "react-router";
import { pages, pageTitle, paths } from "../../../common/routes";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle(pageTitle(pages.notFound, shell().siteName));
  return (
    <main className="page">
      <div className="page-message">
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist.</p>
        <Link to={paths.home} className="button">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
