import { Outlet } from "react-router";
import { useSession } from "../../features/auth/session";
import { Footer } from "./footer";
import { Navbar } from "./navbar";

export function Layout({ siteName }: { siteName: string }) {
  const { viewer } = useSession();
  // SPEC §2: the app renders nothing until the first sign-in status is known.
  if (viewer === undefined) return null;
  return (
    <div className="app">
      <Navbar siteName={siteName} />
      <Outlet />
      <Footer />
    </div>
  );
}
