// The messages between the server's thread (pglite-thread.ts) and the database's (pglite-worker.ts).
import type { RowMode } from "@electric-sql/pglite";

/** PGlite's dumpDataDir() argument (not exported by name). */
export type DumpTarCompressionOptions = "none" | "gzip" | "auto";

export interface EngineInit {
  dataDir: string | null;
  settings: string[];
  /** A data directory to start from (a test template), as bytes. */
  loadDataDir?: Uint8Array;
}

export type EngineRequest = EngineCall & { id: number };

export type EngineCall =
  | { op: "query"; sql: string; params: unknown[]; rowMode?: RowMode; identityTypes?: number[] }
  | { op: "exec"; sql: string }
  | { op: "dump"; compression?: DumpTarCompressionOptions }
  | { op: "close" };

export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type EngineReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError };

export type EngineReady = { ready: true } | { ready: false; error: WireError };
