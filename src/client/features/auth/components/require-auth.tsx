import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../session";

/** SPEC §2: protected routes redirect to /login passing the origin; admin-only sends non-admins to login. */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { viewer } = useSession();
  const location = useLocation();
  if (!viewer || (admin && !viewer.isAdmin)) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <>{children}</>;
}
