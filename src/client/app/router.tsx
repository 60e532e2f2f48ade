import { type ComponentType, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { type PageChunk, pages } from "../../common/routes";
import { Layout } from "./layout/layout";

// Each route is its own chunk: a reader's first load carries only what that page needs,
// and the admin editor never loads for readers. React Router's `lazy` loads the chunk before it
// renders the route (the page shell modulepreloads it), so the first paint shows the whole page
// at once: no React.lazy/Suspense fallback, which React holds on screen for at least 300 ms.
const page = (load: () => PageModule) => async () => ({
  Component: (await load()).default,
});

type PageModule = Promise<{ default: ComponentType }>;

/** The chunk of each page in the table of common/routes.ts (Vite needs each import written out). */
const chunks: Record<PageChunk, () => PageModule> = {
  home: () => import("./routes/home"),
  "his-blog": () => import("./routes/his-blog"),
  "her-blog": () => import("./routes/her-blog"),
  contact: () => import("./routes/contact"),
  post: () => import("./routes/post"),
  tag: () => import("./routes/tag"),
  login: () => import("./routes/login"),
  register: () => import("./routes/register"),
  "forgot-password": () => import("./routes/forgot-password"),
  "reset-password": () => import("./routes/reset-password"),
  admin: () => import("./routes/admin"),
  profile: () => import("./routes/profile"),
  subscriptions: () => import("./routes/subscriptions"),
  placeholder: () => import("./routes/placeholder"),
  "not-found": () => import("./routes/not-found"),
};

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
        children: Object.values(pages).map(({ path, chunk }) => ({ path, lazy: page(chunks[chunk]) })),
      },
    ]),
  );
  return <RouterProvider router={router} />;
}
