import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository root (the folder with package.json), found from this file whether it runs as
 * TypeScript from src/server or bundled into dist/server/main.js (`npm start`), so files beside
 * the code (migrations, the built client, data lists) resolve the same in both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "migrations"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No Duet checkout above ${from}`);
  }
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
