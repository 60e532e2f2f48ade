// The server's renderer (built by `vite build --ssr` into CLIENT_DIST_DIR/.ssr): the same routes,
// providers and components as the browser, rendered to HTML for src/server/shell/.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { ShellData } from "../common/types";
import { setServerShell } from "./app/layout/use-document-title";
import { AppProviders } from "./app/providers";
import { appRoutes } from "./app/route-table";
import { setServerSanitizer } from "./lib/sanitize";

const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();

export function setSanitizer(sanitize: (html: string) => string): void {
  setServerSanitizer(sanitize);
}

/** Render the page at `url` (absolute) with the data the browser will hydrate it with. */
export async function render(url: string, shell: ShellData): Promise<{ html: string | null }> {
  let handler = handlers.get(shell.siteName);
  if (!handler) {
    handler = createStaticHandler(appRoutes(shell.siteName));
    handlers.set(shell.siteName, handler);
  }
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { html: null };
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString is synchronous: the page's shell data holds for exactly this render.
  setServerShell(shell);
  const html = renderToString(
    <StrictMode>
      <AppProviders shell={shell}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html };
}
