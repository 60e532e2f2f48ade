import path from "node:path";
import { z } from "zod";
import type { Config } from "./env-config";
import { readDotEnv, shownValue } from "./env-file";
import {
  addressList,
  booleanish,
  httpUrl,
  integer,
  normaliseEmail,
  parseTrustProxy,
  type TrustProxy,
  trustProxy,
} from "./env-values";
import { dkimConfig } from "./mail/dkim";

export type { Config };
export { normaliseEmail, parseTrustProxy, type TrustProxy };

const EnvSchema = z.object({
  PORT: integer(0, 65535, 3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  SITE_NAME: z.string().min(1).max(60).default("Duet"),
  AUTHOR_HIM_EMAIL: z.string().trim().email("must be an email address").default("him@duet.local"),
  AUTHOR_HER_EMAIL: z.string().trim().email("must be an email address").default("her@duet.local"),
  SEED_DEMO: booleanish.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().optional(),
  DKIM_DOMAIN: z.string().trim().optional(),
  DKIM_SELECTOR: z.string().trim().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  CONTACT_TO_EMAIL: z.string().optional(),
  EMAILJS_API_URL: httpUrl.default("https://api.emailjs.com"),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_TEMPLATE_ID: z.string().optional(),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  PINTEREST_BOARD_URL: httpUrl.optional(),
  /** Minutes between snapshots of the embedded database; 0 turns snapshots off. */
  BACKUP_INTERVAL_MINUTES: integer(0, 525_600, 60),
  /** How many snapshots to keep in DATA_DIR/backups. */
  BACKUP_KEEP: integer(1, 1000, 7),
  /** Where the built client is (default dist/client); the browser tests build their own copy. */
  CLIENT_DIST_DIR: z.string().optional(),
  /** Audience emails (new posts to followers, notifications) each process sends per minute at most. */
  MAIL_QUEUE_PER_MINUTE: integer(1, 100_000, 60),
  /**
   * Requests to the sign-in, registration and password endpoints allowed per client address per
   * minute: a generous ceiling for addresses many people share (failed sign-ins are throttled
   * separately, per account and address).
   */
  AUTH_RATE_LIMIT_PER_MINUTE: integer(1, 100_000, 120),
  /**
   * Behind a reverse proxy: which X-Forwarded-For entries to believe (docs/decisions/0007-trust-proxy.md).
   * Unset or `false`: none (the socket address is the client). `true`: every hop; a number: that many
   * hops; otherwise a comma list of proxy addresses or CIDR ranges.
   */
  TRUST_PROXY: trustProxy,
  /** Signs session cookies; several machines must share it (default: generated into DATA_DIR/secret). */
  SESSION_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  /** Worker processes on one port (node:cluster); above 1 only with DATABASE_URL. */
  WEB_CONCURRENCY: integer(1, 64, 1),
  /** Prometheus text at /metrics (ops/metrics.ts). */
  METRICS: booleanish.default(false),
  /** Tests only: let the social-web fetcher reach loopback and private addresses. */
  FEDIVERSE_ALLOW_PRIVATE: booleanish.default(false),
  /** Bluesky (docs/bluesky.md): who resolves a handle to its DID (any server with resolveHandle). */
  BLUESKY_RESOLVER_URL: httpUrl.default("https://public.api.bsky.app"),
  /** The AppView whose public thread API says who replied to, liked and reposted a card. */
  BLUESKY_APPVIEW_URL: httpUrl.default("https://public.api.bsky.app"),
  /** Bluesky: the PLC directory that holds did:plc documents. */
  BLUESKY_PLC_URL: httpUrl.default("https://plc.directory"),
  /** Addresses or CIDR ranges besides loopback that may read /metrics. */
  METRICS_ALLOW: addressList,
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (storage/s3-storage.ts). */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)",
    )
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1 or auto")
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /** A CDN (or the bucket's public address) that serves the uploads: `/uploads/{key}` redirects there. */
  UPLOADS_PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export class ConfigError extends Error {}

/** Parse configuration once; throws ConfigError with one line naming the bad variable. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  dotenvFile: string | null = ".env",
): Config {
  const merged: Record<string, string | undefined> = { ...(dotenvFile ? readDotEnv(dotenvFile) : {}) };
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== "") merged[k] = v;
  const parsed = EnvSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid environment variable ${name}: ${issue.message}${shownValue(name, merged[name])}`,
    );
  }
  const e = parsed.data;
  const him = normaliseEmail(e.AUTHOR_HIM_EMAIL);
  const her = normaliseEmail(e.AUTHOR_HER_EMAIL);
  if (him === her)
    throw new ConfigError("Invalid environment variable AUTHOR_HER_EMAIL: must differ from AUTHOR_HIM_EMAIL");
  // Contact delivery through EmailJS needs all three ids; better to say so now than fail every message later.
  for (const name of ["EMAILJS_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY"] as const) {
    if (e.EMAILJS_SERVICE_ID && !e[name])
      throw new ConfigError(`Invalid environment variable ${name}: required when EMAILJS_SERVICE_ID is set`);
  }
  // One process owns DATA_DIR/db (the lock); several workers need a database they can share.
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      "Invalid environment variable WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database belongs to one process)",
    );
  // S3_* without a bucket would silently keep uploads on the local disk.
  for (const name of ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (e[name] && !e.S3_BUCKET)
      throw new ConfigError(`Invalid environment variable S3_BUCKET: required when ${name} is set`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      `Invalid environment variable ${e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`,
    );
  const dkim = dkimConfig(e, (name, message) => {
    throw new ConfigError(`Invalid environment variable ${name}: ${message}`);
  });
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, "");
  const host = new URL(publicUrl).hostname;
  const noReply = `no-reply@${host.includes(".") ? host : "duet.local"}`;
  // The Vite dev server (:5173) is trusted only for a site on this machine, never a published one.
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(host);
  const trustedOrigins = [
    new URL(publicUrl).origin,
    ...(loopback ? ["http://localhost:5173", "http://127.0.0.1:5173"] : []),
  ];
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins,
    siteName: e.SITE_NAME,
    authorEmails: { him, her },
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <${noReply}>`,
    mailFromAddress: e.MAIL_FROM ? null : noReply,
    dkim,
    contactTo: (e.CONTACT_TO_EMAIL ? e.CONTACT_TO_EMAIL.split(",") : [him, her])
      .map((s) => s.trim())
      .filter(Boolean),
    emailjs: {
      apiUrl: e.EMAILJS_API_URL.replace(/\/+$/, ""),
      serviceId: e.EMAILJS_SERVICE_ID,
      templateId: e.EMAILJS_TEMPLATE_ID,
      publicKey: e.EMAILJS_PUBLIC_KEY,
      privateKey: e.EMAILJS_PRIVATE_KEY,
    },
    pinterestBoardUrl: e.PINTEREST_BOARD_URL,
    backupIntervalMinutes: e.BACKUP_INTERVAL_MINUTES,
    backupKeep: e.BACKUP_KEEP,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    clientDistDir: e.CLIENT_DIST_DIR ? path.resolve(e.CLIENT_DIST_DIR) : undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    metrics: e.METRICS,
    fediverseAllowPrivate: e.FEDIVERSE_ALLOW_PRIVATE,
    bluesky: {
      resolverUrl: e.BLUESKY_RESOLVER_URL.replace(/\/+$/, ""),
      plcUrl: e.BLUESKY_PLC_URL.replace(/\/+$/, ""),
      appViewUrl: e.BLUESKY_APPVIEW_URL.replace(/\/+$/, ""),
    },
    metricsAllow: e.METRICS_ALLOW,
    sessionSecret: e.SESSION_SECRET,
    mailQueuePerMinute: e.MAIL_QUEUE_PER_MINUTE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? "us-east-1",
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    uploadsPublicUrl: e.UPLOADS_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}
