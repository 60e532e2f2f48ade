import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { paths } from "../../../../common/routes";
import { FormStatus } from "../../../components/ui/form-status";
import { useSession } from "../../../lib/session";
import "../auth.css";

/** SPEC §2: the navbar's Admin link, for admins only. */
export function NavbarAdminLink() {
  const { viewer } = useSession();
  if (!viewer?.isAdmin) return null;
  return <NavLink to="/admin">Admin</NavLink>;
}

/** SPEC §2: the user button (email before the @) with a dropdown holding 'Log Out', or a Login link. */
export function NavbarAccount() {
  const { viewer, logout } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the dropdown on each navigation.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    // A click elsewhere, or tabbing past the last item, closes the dropdown.
    const handleOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", handleOutside);
    document.addEventListener("focusin", handleOutside);
    document.addEventListener("keydown", handleKey);
    return () => {
      document.removeEventListener("pointerdown", handleOutside);
      document.removeEventListener("focusin", handleOutside);
      document.removeEventListener("keydown", handleKey);
    };
  }, [open]);

  if (!viewer) {
    return (
      <Link to={paths.login(pathname)} className="navbar-login">
        Login
      </Link>
    );
  }

  const handleLogout = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await logout();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {viewer.email.split("@")[0]}
        <span aria-hidden="true" className="account-caret">
          ▾
        </span>
      </button>
      <div id={menuId} className="account-dropdown" hidden={!open}>
        <Link to="/profile">Profile</Link>
        <button type="button" onClick={handleLogout} disabled={busy}>
          {busy ? "Logging Out..." : "Log Out"}
        </button>
        {failed && <FormStatus kind="error">Failed to log out</FormStatus>}
      </div>
    </div>
  );
}
