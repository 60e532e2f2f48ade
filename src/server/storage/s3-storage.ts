import type { Readable } from "node:stream";
import type {
  GetObjectCommandOutput,
  HeadObjectCommandOutput,
  ListObjectsV2CommandOutput,
  S3Client,
} from "@aws-sdk/client-s3";
import { contentTypeOf, IMMUTABLE_CACHE, type PutOptions, readAll, type Storage } from "./object";

export interface S3Config {
  bucket: string;
  region: string;
  /** MinIO, R2, Garage, Ceph…; unset: AWS. */
  endpoint: string | undefined;
  /** Unset: the SDK's own chain (AWS_* variables, instance roles). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

type Sdk = typeof import("@aws-sdk/client-s3");

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
};

/** Uploads in an S3-compatible bucket, under the same keys as the local folder. */
export function createS3Storage(config: S3Config): Storage {
  // Duet supports Node 20.19+ on purpose; the SDK's notice about its future Node 22 floor is not
  // something an operator can act on, and it would land in every log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  // The SDK is loaded on first use, so a server storing uploads on its disk never holds it (~20 MB).
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: newClient(sdk) })));
  const newClient = (sdk: Sdk) =>
    new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // A bucket that does not answer must fail a request (and readiness) in seconds, not hang it.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
  const Bucket = config.bucket;
  /** Send one command built from the loaded SDK; T is that command's output type. */
  const send = async <T = unknown>(make: (sdk: Sdk) => object): Promise<T> => {
    const { sdk, client } = await connect();
    return (await client.send(make(sdk) as never)) as T;
  };

  const stat = async (key: string) => {
    try {
      const head = await send<HeadObjectCommandOutput>(
        (sdk) => new sdk.HeadObjectCommand({ Bucket, Key: key }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${key}"`,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: "s3",
    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      // Names carry a timestamp, so two writers racing for one key within this check are not a
      // practical concern; the check keeps `exclusive` meaning the same as on the local disk.
      if (options.exclusive && (await stat(key))) return false;
      const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
      await send(
        (sdk) =>
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.length,
            // Set on the object too, so a CDN in front of the bucket (UPLOADS_PUBLIC_URL) serves the same headers.
            ContentType: contentTypeOf(key) ?? "application/octet-stream",
            CacheControl: IMMUTABLE_CACHE,
          }),
      );
      return true;
    },
    async get(key: string) {
      try {
        const res = await send<GetObjectCommandOutput>(
          (sdk) => new sdk.GetObjectCommand({ Bucket, Key: key }),
        );
        return {
          info: {
            key,
            size: res.ContentLength ?? 0,
            lastModified: res.LastModified ?? new Date(0),
            etag: res.ETag ?? `"${key}"`,
          },
          body: res.Body as Readable,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stat,
    async exists(key: string) {
      return (await stat(key)) !== null;
    },
    async delete(key: string) {
      await send((sdk) => new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix = "") {
      let token: string | undefined;
      do {
        const page = await send<ListObjectsV2CommandOutput>(
          (sdk) =>
            new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield {
            key: o.Key,
            size: o.Size ?? 0,
            lastModified: o.LastModified ?? new Date(0),
            etag: o.ETag ?? `"${o.Key}"`,
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      await send((sdk) => new sdk.HeadBucketCommand({ Bucket }));
    },
    async load() {
      await connect();
    },
    close() {
      void loaded?.then(({ client }) => client.destroy());
    },
  };
}
