import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../session";

/** SPEC §2: protected routes redirect to /login passing the origin; admin-only sends non-admins to login. */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { viewer, signedOut } = useSession();
  const location = useLocation();
  // Logging out on /profile or /admin goes home: asking to log in again would undo what was asked.
  if (!viewer && signedOut) return <Navigate to="/" replace />;
  if (!viewer || (admin && !viewer.isAdmin)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
