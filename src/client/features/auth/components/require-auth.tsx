import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "../../../../common/routes";
import { useSession } from "../../../lib/session";

/** SPEC §2: protected routes redirect to /login passing the origin; admin-only sends non-admins to login. */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { viewer, signedOut } = useSession();
  const location = useLocation();
  // Logging out on /profile or /admin goes home: asking to log in again would undo what was asked.
  if (!viewer && signedOut) return <Navigate to={paths.home} replace />;
  if (!viewer || (admin && !viewer.isAdmin)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login(from)} replace state={{ from }} />;
  }
  return <>{children}</>;
}
