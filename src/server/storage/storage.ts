import path from "node:path";
import type { Config } from "../env";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./object";
import { createS3Storage } from "./s3-storage";

// The interface and the rules of keys live in ./object, which both stores import: no cycle.
export * from "./object";

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, "uploads"));
}
