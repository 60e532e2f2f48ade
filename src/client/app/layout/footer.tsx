import { Link } from "react-router";
import { paths } from "../../../common/routes";
import { site } from "../../lib/shell-data";
import { FooterPageLinks } from "./page-links";

export function Footer({ siteName }: { siteName: string }) {
  const { footerText } = site();
  return (
    <footer className="footer">
      <p>
        © {new Date().getFullYear()} {siteName}
      </p>
      {footerText ? <p className="footer-text">{footerText}</p> : null}
      <nav className="footer-links" aria-label="Legal">
        <Link to={paths.privacy}>Privacy Policy</Link>
        <Link to={paths.terms}>Terms of Service</Link>
        <FooterPageLinks />
      </nav>
    </footer>
  );
}
