import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SCROLL_THRESHOLD_PX } from "../../../common/limits";
import { paths } from "../../../common/routes";
import { NavbarAccount, NavbarAdminLink } from "../../features/auth/components/navbar-account";
import { NavbarSearch } from "../../features/search/components/navbar-search";
import { siteBlogName } from "../../lib/shell-data";
import { useTheme } from "../../lib/theme";
import { NavPageLinks, SiteLogo } from "./page-links";

const MENU_ID = "navbar-menu";

/** SPEC §2: the bar gets a 'scrolled' look after 10 px of scroll. */
function useScrolled(): boolean {
  // Not scrolled on the server and at hydration; the effect reads the real position.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const handleScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    handleScroll();
    window.addEventListener("scroll", handleScroll, { passive: true });
    return () => window.removeEventListener("scroll", handleScroll);
  }, []);
  return scrolled;
}

export function Navbar({ siteName }: { siteName: string }) {
  const { theme, toggle } = useTheme();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A small-screen menu closes once the reader has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose.
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the open small-screen menu and gives focus back to its toggle.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className={scrolled ? "navbar scrolled" : "navbar"}>
      <nav className="navbar-inner" aria-label="Main">
        <Link to={paths.home} className="navbar-brand">
          <SiteLogo />
          <span className="navbar-brand-name">{siteName}</span>
        </Link>
        {/* Outside the collapsible menu: on a phone the box is there without opening anything. */}
        <NavbarSearch />
        <button
          type="button"
          ref={toggleRef}
          className="navbar-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="navbar-toggle-bar" aria-hidden="true" />
          <span className="navbar-toggle-bar" aria-hidden="true" />
          <span className="navbar-toggle-bar" aria-hidden="true" />
        </button>
        <div id={MENU_ID} className={menuOpen ? "navbar-menu open" : "navbar-menu"}>
          <NavLink to={paths.hisBlog}>{siteBlogName("him")}</NavLink>
          <NavLink to={paths.herBlog}>{siteBlogName("her")}</NavLink>
          <NavLink to={paths.contact}>Contact</NavLink>
          <NavPageLinks />
          <NavbarAdminLink />
          <button
            type="button"
            className="theme-toggle"
            onClick={toggle}
            aria-label="Dark theme"
            aria-pressed={theme === "dark"}
            title={theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
          >
            <span aria-hidden="true">{theme === "dark" ? "☾" : "☀"}</span>
          </button>
          {/* Admin link, user button with 'Log Out', or Login: the accounts feature. */}
          <NavbarAccount />
        </div>
      </nav>
    </header>
  );
}
