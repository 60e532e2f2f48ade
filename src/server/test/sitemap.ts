import type { LightMyRequestResponse } from "fastify";

/**
 * The whole sitemap as a crawler reads it: `/sitemap.xml` (an index), then every file it names,
 * joined. `get` is a test app's GET of a path; the index's absolute URLs are read as paths.
 */
export async function readSitemap(get: (path: string) => Promise<LightMyRequestResponse>): Promise<string> {
  const index = await get("/sitemap.xml");
  if (index.statusCode !== 200) throw new Error(`/sitemap.xml answered ${index.statusCode}`);
  const files = [...index.body.matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const bodies = await Promise.all(files.map((path) => get(path)));
  for (const [i, res] of bodies.entries()) {
    if (res.statusCode !== 200) throw new Error(`${files[i]} answered ${res.statusCode}`);
  }
  return bodies.map((res) => res.body).join("\n");
}
