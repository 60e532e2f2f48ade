/**
 * Fedify 2.x declares Node >= 22 (docs/decisions/0029-fediverse-on-fedify.md). On Node 20 the one
 * gap in the parts we use is the `navigator` global (Node 21+): `importJwk` reads
 * `navigator.userAgent` to detect Cloudflare Workers. Temporal and URLPattern come from the
 * polyfills Fedify imports itself. Import this module before calling Fedify.
 */
const g = globalThis as { navigator?: { userAgent: string } };
g.navigator ??= { userAgent: `Node.js/${process.versions.node}` };

export {};
