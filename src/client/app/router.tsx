import { useState } from "react";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { createGuardedHistory } from "../lib/navigation-guard";
import { AppRoutes } from "./route-table";

export function AppRouter({ siteName }: { siteName: string }) {
  // One history for the app's life (StrictMode renders twice; popstate has one listener).
  const [history] = useState(createGuardedHistory);
  return (
    <HistoryRouter history={history}>
      <AppRoutes siteName={siteName} />
    </HistoryRouter>
  );
}
