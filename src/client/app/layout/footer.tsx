import { Link } from "react-router";
import { paths } from "../paths";

export function Footer() {
  return (
    <footer className="footer">
      <p>© {new Date().getFullYear()} Duet</p>
      <Link to={paths.privacy}>Privacy Policy</Link> <Link to={paths.terms}>Terms of Service</Link>
    </footer>
  );
}
