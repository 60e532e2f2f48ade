import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** The credentials s3rver checks signatures against. */
export const S3_TEST_KEY = "S3RVER";

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point Duet at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, objects on disk in a temporary folder) on loopback and a free
 * port, with one bucket: the S3 adapter is tested against the protocol, not against a mock.
 */
export async function startS3TestServer(bucket = "duet-test"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "duet-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_TEST_KEY,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
