import type { Storage } from "../storage/storage";

/** The part of the uploads storage (local folder or S3) an archive needs. */
export type ArchiveStorage = Pick<Storage, "list" | "get" | "exists" | "put" | "delete">;
