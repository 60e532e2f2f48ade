import { Link, NavLink } from "react-router";
import { NavbarAccount } from "../../features/auth/components/navbar-account";
import { useTheme } from "../../lib/theme";
import { paths } from "../paths";

export function Navbar({ siteName }: { siteName: string }) {
  const { theme, toggle } = useTheme();
  return (
    <header className="navbar">
      <nav aria-label="Main">
        <Link to={paths.home} className="navbar-brand">
          {siteName}
        </Link>
        <NavLink to={paths.hisBlog}>His Blog</NavLink>
        <NavLink to={paths.herBlog}>Her Blog</NavLink>
        <NavLink to={paths.contact}>Contact</NavLink>
        <button
          type="button"
          onClick={toggle}
          aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}
        >
          {theme === "dark" ? "☀" : "☾"}
        </button>
        <NavbarAccount />
      </nav>
    </header>
  );
}
