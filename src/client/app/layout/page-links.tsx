import { Link, NavLink } from "react-router";
import { shell, site } from "../../lib/shell-data";

/** The site's logo before its name in the navbar (decorative: the name follows). */
export function SiteLogo() {
  const { logoUrl } = site();
  return logoUrl ? <img className="navbar-logo" src={logoUrl} alt="" width={32} height={32} /> : null;
}

/** The pages the authors placed in the navbar's menu, in their order. */
export const NavPageLinks = () =>
  (shell().pageLinks?.nav ?? []).map((link) => (
    <NavLink key={link.path} to={link.path}>
      {link.title}
    </NavLink>
  ));

/** The pages the authors placed in the footer, after SPEC's two links. */
export const FooterPageLinks = () =>
  (shell().pageLinks?.footer ?? []).map((link) => (
    <Link key={link.path} to={link.path}>
      {link.title}
    </Link>
  ));
