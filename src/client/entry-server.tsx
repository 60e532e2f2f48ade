// The server's renderer (built by `vite build --ssr` into CLIENT_DIST_DIR/.ssr): the same routes,
// providers and components as the browser, rendered to HTML for src/server/shell/.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { ShellData } from "../common/types";
import { setServerShell } from "./app/layout/use-document-title";
import { AppProviders } from "./app/providers";
import { AppRoutes, loadPageOf } from "./app/route-table";
import { setServerSanitizer } from "./lib/sanitize";
import { loadSignedInParts } from "./lib/signed-in-part";

export function setSanitizer(sanitize: (html: string) => string): void {
  setServerSanitizer(sanitize);
}

/** Render the page at `url` (absolute) with the data the browser will hydrate it with. */
export async function render(url: string, shell: ShellData): Promise<{ html: string | null }> {
  const { pathname, search } = new URL(url);
  // The page's chunk is loaded before rendering: renderToString cannot wait for a lazy one.
  await loadPageOf(pathname);
  if (shell.viewer) await loadSignedInParts();
  // renderToString is synchronous: the page's shell data holds for exactly this render.
  setServerShell(shell);
  const html = renderToString(
    <StrictMode>
      <AppProviders shell={shell}>
        <StaticRouter location={{ pathname, search }}>
          <AppRoutes siteName={shell.siteName} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { html };
}
