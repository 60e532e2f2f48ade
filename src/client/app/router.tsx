import { useEffect, useState } from "react";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { createGuardedHistory } from "../lib/navigation-guard";
import { AppRoutes } from "./route-table";

export function AppRouter({ siteName }: { siteName: string }) {
  // One history for the app's life (StrictMode renders twice; popstate has one listener).
  const [history] = useState(createGuardedHistory);
  // The app has the page now: forms submit through it (public/theme-init.js held them until here).
  useEffect(() => {
    (window as { duetReady?: boolean }).duetReady = true;
  }, []);
  return (
    <HistoryRouter history={history}>
      <AppRoutes siteName={siteName} />
    </HistoryRouter>
  );
}
