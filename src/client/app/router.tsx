import { type ComponentType, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Layout } from "./layout/layout";

// Each route is its own chunk: a reader's first load carries only what that page needs,
// and the admin editor never loads for readers. React Router's `lazy` loads the chunk before it
// renders the route (the page shell modulepreloads it), so the first paint shows the whole page
// at once: no React.lazy/Suspense fallback, which React holds on screen for at least 300 ms.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function PageLoadError() {
  return (
    <main className="page page-narrow" role="alert">
      <h1>This page could not be loaded</h1>
      <p>Please check your connection and try again.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

export function AppRouter({ siteName }: { siteName: string }) {
  // One router for the app's life (StrictMode renders twice; a new router would reload the page chunk).
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: <Layout siteName={siteName} />,
        // Until the first page's chunk is in, show nothing rather than a navbar over a blank page.
        HydrateFallback: () => null,
        // A page's code that can't be fetched (offline, or a new release replaced it) gets a way out.
        ErrorBoundary: PageLoadError,
        children: [
          { path: "/", lazy: page(() => import("./routes/home")) },
          { path: "/his-blog", lazy: page(() => import("./routes/his-blog")) },
          { path: "/her-blog", lazy: page(() => import("./routes/her-blog")) },
          { path: "/contact", lazy: page(() => import("./routes/contact")) },
          { path: "/post", lazy: page(() => import("./routes/post")) },
          { path: "/post/:postId", lazy: page(() => import("./routes/post")) },
          { path: "/tags/:tag", lazy: page(() => import("./routes/tag")) },
          { path: "/login", lazy: page(() => import("./routes/login")) },
          { path: "/register", lazy: page(() => import("./routes/register")) },
          { path: "/forgot-password", lazy: page(() => import("./routes/forgot-password")) },
          { path: "/reset-password", lazy: page(() => import("./routes/reset-password")) },
          { path: "/admin", lazy: page(() => import("./routes/admin")) },
          { path: "/profile", lazy: page(() => import("./routes/profile")) },
          { path: "/privacy", lazy: page(() => import("./routes/placeholder")) },
          { path: "/terms", lazy: page(() => import("./routes/placeholder")) },
          { path: "*", lazy: page(() => import("./routes/not-found")) },
        ],
      },
    ]),
  );
  return <RouterProvider router={router} />;
}
