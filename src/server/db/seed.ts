import type { Config } from "../env";
import type { Db } from "./client";

/** On an empty database, add demo posts so a first start shows a living blog (SEED_DEMO). */
export async function seedDemo(_db: Db, _config: Config): Promise<void> {
  // TODO(issue 2): demo posts with locally generated images.
}
