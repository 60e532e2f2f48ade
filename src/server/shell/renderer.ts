import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sanitizePostHtml } from "../content/sanitize";
import type { ShellData } from "./html";

/** The React app's server entry (src/client/entry-server.tsx), built into CLIENT_DIST_DIR/.ssr. */
export const SSR_ENTRY = ".ssr/entry-server.js";

export interface AppRenderer {
  render(url: string, shell: ShellData): Promise<{ html: string | null }>;
}

interface RendererModule extends AppRenderer {
  setSanitizer(sanitize: (html: string) => string): void;
}

/** The built renderer, or null (API tests and a client built without it: the page renders in the browser). */
export async function loadRenderer(clientDir: string | null): Promise<AppRenderer | null> {
  const file = clientDir ? path.join(clientDir, SSR_ENTRY) : null;
  if (!file || !existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as RendererModule;
  // Post HTML on the server goes through the server's own allowlist pass (the same rules as the browser's).
  mod.setSanitizer(sanitizePostHtml);
  return mod;
}
