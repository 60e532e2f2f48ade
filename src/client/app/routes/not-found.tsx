import { Link } from "react-router";
import { shell, useDocumentTitle } from "../layout/use-document-title";
import { paths } from "../paths";

export default function NotFoundPage() {
  useDocumentTitle(`Page not found - ${shell().siteName}`);
  return (
    <main className="page page-narrow">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home} className="button">
        Return to Home
      </Link>
    </main>
  );
}
