// The whole data model, one file per responsibility; drizzle.config.ts reads this folder and
// everything imports it as ".../db/schema".
export * from "./audience";
export * from "./auth";
export * from "./bluesky";
export * from "./collab";
export * from "./engagement";
export * from "./events";
export * from "./fediverse";
export * from "./notes";
export * from "./pages";
export * from "./posts";
export * from "./settings";
export * from "./shares";
export * from "./site";
export * from "./stats";
export * from "./takes";
export * from "./webmention";
