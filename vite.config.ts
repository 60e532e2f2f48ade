import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/client",
  plugins: [react()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // The libraries every page runs (React, the router, TanStack Query) in one chunk rather than
    // a dozen small ones: it compresses better (the reader's first load, e2e/reader-budget) and
    // keeps its hash, so browsers keep it across releases that change only our code.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                },
                // The studio's endpoints (and the Audience page's), kept out of the entry chunk that
                // every reader downloads; only the studio's chunks import them.
                {
                  name: "studio-api",
                  test: /src[\\/]common[\\/]api[\\/](studio|audience|fediverse|post-writes)\.ts$/,
                },
                // Our small modules that every reader page shares (lists, posts, the follow box):
                // one chunk instead of a dozen of a few hundred bytes each, whose imports and
                // separate compression cost more than their code (e2e/reader-budget).
                {
                  name: "reader-kit",
                  test: /src[\\/](common[\\/](query-keys|audience|rules[\\/]image-sources|api[\\/](endpoint|posts|comments|search|likes|pages|authors|follow))|client[\\/](lib[\\/](typed-query|use-early-input|format-date)|app[\\/]layout[\\/]use-document-title|components[\\/]ui[\\/]load-more|features[\\/]follow[\\/](api[\\/]follow|components[\\/]follow-box)|features[\\/]posts[\\/]components[\\/]format))\.tsx?$/,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000", "/uploads": "http://127.0.0.1:3000" },
  },
}));
