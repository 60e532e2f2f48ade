import { Link } from "react-router";
import { paths } from "../../../common/routes";

export function Footer({ siteName }: { siteName: string }) {
  return (
    <footer className="footer">
      <p>
        © {new Date().getFullYear()} {siteName}
      </p>
      <nav className="footer-links" aria-label="Legal">
        <Link to={paths.privacy}>Privacy Policy</Link>
        <Link to={paths.terms}>Terms of Service</Link>
      </nav>
    </footer>
  );
}
