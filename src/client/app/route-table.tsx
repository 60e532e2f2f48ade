import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Route, Routes } from "react-router";
import { type PageChunk, pageFor, pages } from "../../common/routes";
import { Layout } from "./layout/layout";

// Each page is its own chunk: a reader's first load carries only what that page needs, and the
// admin editor never loads for readers. The server loads the page's chunk before rendering it,
// and the browser before hydrating (loadPageOf), so the first render shows the page itself; a
// later page loads inside a transition, the current one staying until it is in (layout.tsx).
type PageModule = Promise<{ default: ComponentType }>;

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
  studio: () => import("./routes/studio"),
  "studio-posts": () => import("./routes/studio-posts"),
  "studio-inbox": () => import("./routes/studio-inbox"),
  "studio-audience": () => import("./routes/studio-audience"),
  "studio-pages": () => import("./routes/studio-pages"),
  "studio-settings": () => import("./routes/studio-settings"),
  "studio-export": () => import("./routes/studio-export"),
  "studio-stats": () => import("./routes/studio-stats"),
  profile: () => import("./routes/profile"),
  subscriptions: () => import("./routes/subscriptions"),
  "site-page": () => import("./routes/site-page"),
  "not-found": () => import("./routes/not-found"),
};

const loaded = new Map<PageChunk, ComponentType>();
const lazyPages = new Map<PageChunk, LazyExoticComponent<ComponentType>>();

/**
 * Load the chunk of the page at `pathname` so it renders at once. A chunk that cannot be fetched
 * is left to load lazily: the page's error boundary then offers a reload (layout.tsx).
 */
export async function loadPageOf(pathname: string): Promise<void> {
  const { chunk } = pageFor(pathname);
  if (loaded.has(chunk)) return;
  try {
    loaded.set(chunk, (await chunks[chunk]()).default);
  } catch {
    // Left to PageSlot's lazy load.
  }
}

function PageSlot({ chunk }: { chunk: PageChunk }) {
  const Loaded = loaded.get(chunk);
  if (Loaded) return <Loaded />;
  let Lazy = lazyPages.get(chunk);
  if (!Lazy) {
    Lazy = lazy(chunks[chunk]);
    lazyPages.set(chunk, Lazy);
  }
  return <Lazy />;
}

/** Every page of the page table; the browser's router and the server's renderer both use it. */
export function AppRoutes({ siteName }: { siteName: string }) {
  return (
    <Routes>
      <Route element={<Layout siteName={siteName} />}>
        {Object.values(pages).map(({ path, chunk }) => (
          <Route key={path} path={path} element={<PageSlot chunk={chunk} />} />
        ))}
      </Route>
    </Routes>
  );
}
