/**
 * The endpoint table: every API call the client makes and the server answers, declared once
 *. The server registers each with its schemas (server/api/route.ts, contract in
 * common/api/contract/), the client calls it with `call()` (client/lib/api.ts), and
 * /api/openapi.json is generated from it. No `/api/` literal elsewhere (src/declared-once.test.ts).
 */

export * from "./api/account";
export * from "./api/admin";
export * from "./api/audience";
export * from "./api/authors";
export * from "./api/bluesky";
export * from "./api/collab";
export * from "./api/comments";
export type { Endpoint } from "./api/endpoint";
export { urlOf } from "./api/endpoint";
export * from "./api/fediverse";
export * from "./api/follow";
export * from "./api/likes";
export * from "./api/meta";
export * from "./api/moderation";
export * from "./api/notes";
export * from "./api/pages";
export * from "./api/post-writes";
export * from "./api/posts";
export * from "./api/search";
export * from "./api/studio";
export * from "./api/takes";
export * from "./api/webmention";
