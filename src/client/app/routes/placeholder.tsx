import { Link, useLocation } from "react-router";
import { shell, useDocumentTitle } from "../layout/use-document-title";
import { paths } from "../paths";

// SPEC §2: the footer's Privacy Policy and Terms of Service are placeholders.
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const title = pathname === paths.terms ? "Terms of Service" : "Privacy Policy";
  useDocumentTitle(`${title} - ${shell().siteName}`);
  return (
    <main className="page page-narrow">
      <h1>{title}</h1>
      <p>This page is coming soon.</p>
      <Link to={paths.home}>Return to Home</Link>
    </main>
  );
}
