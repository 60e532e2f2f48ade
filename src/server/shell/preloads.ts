import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { escapeHtml } from "../content/escape-html";

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** What only a signed-in person sees of a page (client lib/signed-in-part.tsx): preloaded for them. */
const SIGNED_IN_PARTS = /\/signed-in-parts\.ts$/;

/**
 * The post text's face (client styles/fonts.css). A post page's first screen is set in it, so it
 * is preloaded there: it arrives before the first paint and the swap moves no text (CLS). Other
 * pages show only headings, whose face index.html preloads for every page.
 */
const TEXT_FACE_FILE = "source-serif-4-latin-400-normal.woff2";
const TEXT_FACE_PAGES = new Set(["post"]);

/**
 * `<link rel="modulepreload">` (and stylesheets) for a page's route chunk and everything it
 * imports, read from Vite's manifest: the browser fetches them alongside the entry instead of
 * after it, so hydration starts without a second round trip. For a signed-in person, also the
 * page's signed-in parts, which the browser loads before hydrating.
 */
export function routePreloads(clientDir: string | null): (chunk: string, signedIn: boolean) => string {
  const file = clientDir ? path.join(clientDir, ".vite/manifest.json") : null;
  if (!file || !existsSync(file)) return () => "";
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const memo = new Map<string, string>();
  const textFace = Object.entries(manifest).find(([name]) => name.endsWith(`/${TEXT_FACE_FILE}`))?.[1].file;
  return (chunk, signedIn) => {
    const key = `app/routes/${chunk}.tsx`;
    const memoKey = `${key}|${signedIn}`;
    const hit = memo.get(memoKey);
    if (hit !== undefined) return hit;
    const js = new Set<string>();
    const css = new Set<string>();
    const parts: string[] = [];
    const visit = (name: string) => {
      const entry = manifest[name];
      if (!entry || name === "index.html" || js.has(entry.file)) return;
      js.add(entry.file);
      for (const c of entry.css ?? []) css.add(c);
      for (const i of entry.imports ?? []) visit(i);
      for (const d of entry.dynamicImports ?? []) if (SIGNED_IN_PARTS.test(d)) parts.push(d);
    };
    visit(key);
    if (signedIn) for (const part of parts) visit(part);
    const font =
      textFace && TEXT_FACE_PAGES.has(chunk)
        ? `<link rel="preload" href="/${escapeHtml(textFace)}" as="font" type="font/woff2" crossorigin>`
        : "";
    const tags =
      font +
      [...css].map((c) => `<link rel="stylesheet" href="/${escapeHtml(c)}">`).join("") +
      [...js].map((f) => `<link rel="modulepreload" href="/${escapeHtml(f)}">`).join("");
    memo.set(memoKey, tags);
    return tags;
  };
}
