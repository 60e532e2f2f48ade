// The studio's Audience page: shapes and texts shared by server and client (no zod here).

export const FOLLOWER_STATUSES = ["pending", "active", "bouncing", "unsubscribed"] as const;
export type FollowerStatus = (typeof FOLLOWER_STATUSES)[number];

export interface AudienceFollower {
  id: string;
  email: string;
  status: FollowerStatus;
  /** When they asked to follow (or were imported). */
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  /** The receiving server's last permanent refusal, for a bouncing address. */
  bounceReason: string | null;
}

/** One point of the followers-over-time chart: active followers at the end of that day (UTC). */
export interface GrowthPoint {
  day: string;
  followers: number;
}

/** GET /api/audience/followers */
export interface AudienceFollowers {
  counts: Record<FollowerStatus, number>;
  /** Followers matching the search and status, newest first, a page at a time. */
  items: AudienceFollower[];
  /** How many match the search and status in all. */
  matching: number;
  growth: GrowthPoint[];
}

export interface ImportProblem {
  /** 1-based line of the CSV. */
  line: number;
  text: string;
  reason: string;
}

/** POST /api/audience/import */
export interface ImportResult {
  /** New followers (or former ones back): confirmed at once when the author said they agreed. */
  imported: number;
  /** Of those, how many were sent a confirmation email first. */
  confirmationsSent: number;
  problems: ImportProblem[];
}

/** Lines of one import (a bigger list goes in several files) and days the chart shows. */
export const IMPORT_MAX_LINES = 5_000;
export const IMPORT_MAX_CHARS = 500_000;
export const GROWTH_DAYS = 90;
export const AUDIENCE_PAGE_SIZE = 50;
/** 'Send a test to me' emails per author an hour. */
export const TEST_EMAILS_PER_HOUR = 10;

export const AUDIENCE_TEXT = {
  followerNotFound: "Follower not found",
  invalidAddress: "not a valid email address",
  duplicate: (line: number) => `the same address as line ${line}`,
  alreadyFollows: "already follows this blog",
  bouncing: "this address bounces: remove it first to try again",
  unsubscribed: "unsubscribed from this blog earlier: only they can follow again",
  tooManyLines: `At most ${IMPORT_MAX_LINES.toLocaleString("en")} lines per import.`,
  emptyImport: "The list is empty: paste or choose a CSV with one email address per line.",
  tooManyTests: `At most ${TEST_EMAILS_PER_HOUR} test emails an hour. Please try again later.`,
  postNotFound: "Post not found",
} as const;
