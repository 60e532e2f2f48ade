import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { type PageChunk, pages } from "../../common/routes";
import { Layout } from "./layout/layout";

// Each route is its own chunk: a reader's first load carries only what that page needs, and the
// admin editor never loads for readers. The server resolves the page's chunk before rendering it,
// and the browser before hydrating (router.tsx), so no Suspense fallback ever shows.
type PageModule = Promise<{ default: ComponentType }>;
const page = (load: () => PageModule) => async () => ({
  Component: (await load()).default,
});

/** The chunk of each page in the table of common/routes.ts (Vite needs each import written out). */
const chunks: Record<PageChunk, () => PageModule> = {
  home: () => import("./routes/home"),
  "his-blog": () => import("./routes/his-blog"),
  "her-blog": () => import("./routes/her-blog"),
  contact: () => import("./routes/contact"),
  post: () => import("./routes/post"),
  tag: () => import("./routes/tag"),
  search: () => import("./routes/search"),
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
    <main className="page">
      <div className="page-message" role="alert">
        <h1>This page could not be loaded</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}

/** Every route of the page table; the browser router and the server's renderer both use it. */
export function appRoutes(siteName: string): RouteObject[] {
  return [
    {
      element: <Layout siteName={siteName} />,
      // Until the first page's chunk is in, show nothing rather than a navbar over a blank page.
      HydrateFallback: () => null,
      // A page's code that can't be fetched (offline, or a new release replaced it) gets a way out.
      ErrorBoundary: PageLoadError,
      children: Object.values(pages).map(({ path, chunk }) => ({ path, lazy: page(chunks[chunk]) })),
    },
  ];
}
