import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { loadPageOf } from "./app/route-table";
import { AppRouter } from "./app/router";
import { readShellData } from "./lib/shell-data";
import { loadSignedInParts } from "./lib/signed-in-part";
// Cascade layers are declared by the first of these (styles/theme.css).
import "./styles/theme.css";
import "./styles/fonts.css";
import "./components/ui/ui.css";
import "./styles/layout.css";
import "./styles/posts.css";
import "./styles/post-images.css";

// The shared schemas would probe `new Function` for a faster parser; the CSP refuses eval, so
// say up front that it is not there (the probe itself is a CSP violation). zod reads its global
// config from this object when it first loads (in a lazy chunk: the entry does not carry zod).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

const shell = readShellData();
const container = document.getElementById("root")!;
// The page's own chunk first (and, for a signed-in person, the parts only they see), so hydration
// renders what the server rendered rather than a Suspense fallback.
const firstPage = async () => {
  await loadPageOf(window.location.pathname);
  if (shell.viewer) await loadSignedInParts();
};
void firstPage().then(() => {
  const app = (
    <StrictMode>
      <AppProviders shell={shell}>
        <AppRouter siteName={shell.siteName} />
      </AppProviders>
    </StrictMode>
  );
  // Public pages arrive rendered by the server: hydrate them. Private pages (/admin, /profile)
  // arrive as an empty root and render here.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
