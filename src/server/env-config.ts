import type { TrustProxy } from "./env-values";
import type { DkimConfig } from "./mail/dkim";
import type { S3Config } from "./storage/s3-storage";

/** The configuration every part of the server reads (env.ts parses it once from the environment). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins whose pages may send state-changing requests: PUBLIC_URL's, plus Vite's dev server on a loopback site. */
  trustedOrigins: string[];
  siteName: string;
  authorEmails: { him: string; her: string };
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_FROM unset: the sender's address, shown under the site's name in force; null: MAIL_FROM as it is. */
  mailFromAddress: string | null;
  /** Sign every email (docs/deploy.md says which DNS record publishes the key); null: unsigned. */
  dkim: DkimConfig | null;
  /** Most audience emails (new posts, notifications) one process sends per minute. */
  mailQueuePerMinute: number;
  contactTo: string[];
  emailjs: {
    apiUrl: string;
    serviceId: string | undefined;
    templateId: string | undefined;
    publicKey: string | undefined;
    privateKey: string | undefined;
  };
  pinterestBoardUrl: string | undefined;
  backupIntervalMinutes: number;
  backupKeep: number;
  logLevel: string;
  authRateLimitPerMinute: number;
  /** Passed to Fastify's `trustProxy`: decides `request.ip`, on which every rate limit keys. */
  trustProxy: TrustProxy;
  clientDistDir: string | undefined;
  webConcurrency: number;
  metrics: boolean;
  /** The social-web fetcher may reach private addresses (tests); never in production. */
  fediverseAllowPrivate: boolean;
  /** Where Bluesky handles and did:plc documents are resolved (no trailing slash); tests point at loopback. */
  bluesky: { resolverUrl: string; plcUrl: string; appViewUrl: string };
  metricsAllow: string[];
  sessionSecret: string | undefined;
  /** Set when S3_BUCKET is: uploads go to that bucket. */
  s3: S3Config | null;
  /** Without a trailing slash. */
  uploadsPublicUrl: string | undefined;
}
