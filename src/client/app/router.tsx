import { useState } from "react";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router";
import { appRoutes } from "./route-table";

/**
 * The routes with the current page's chunk already loaded, so the first render (a hydration of
 * the server's HTML) shows the page itself rather than the HydrateFallback.
 */
export async function routesForFirstPage(siteName: string): Promise<RouteObject[]> {
  const routes = appRoutes(siteName);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      try {
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      } catch {
        // Left lazy: the router tries again and shows PageLoadError if the chunk stays unreachable.
      }
    }),
  );
  return routes;
}

export function AppRouter({ routes }: { routes: RouteObject[] }) {
  // One router for the app's life (StrictMode renders twice; a new router would reload the page chunk).
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
