import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormStatus } from "../../../components/ui/form-status";
import { useSession } from "../../../lib/session";
import "../auth.css";

/** SPEC §2 /profile: email, display name or 'Not set', account type, admin link, Log Out, Return to Home. */
export function ProfileCard() {
  const { viewer, logout } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!viewer) return null;

  const handleLogout = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await logout();
      navigate("/", { replace: true });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="profile-heading">
      <h1 id="profile-heading">Profile</h1>
      <dl className="profile-fields">
        <dt>Email</dt>
        <dd>{viewer.email}</dd>
        <dt>Display Name</dt>
        <dd>{viewer.displayName.trim() ? viewer.displayName : "Not set"}</dd>
        <dt>Account Type</dt>
        <dd>{viewer.isAdmin ? "Administrator" : "User"}</dd>
      </dl>
      {failed && <FormStatus kind="error">Failed to log out</FormStatus>}
      <div className="profile-actions">
        {viewer.isAdmin && (
          <Link to="/admin" className="button">
            Admin Dashboard
          </Link>
        )}
        <button type="button" className="button button-ghost" onClick={handleLogout} disabled={busy}>
          {busy ? "Logging Out..." : "Log Out"}
        </button>
        <Link to="/">Return to Home</Link>
      </div>
    </section>
  );
}
