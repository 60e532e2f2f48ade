import { type Page, pages } from "./routes";

// Cookie-free statistics (docs/stats.md, docs/decisions/0028-cookie-free-statistics.md): the
// constants both sides share. No zod here: the reader's beacon imports this file.

/** Whose numbers: one author's blog (their blog pages and posts) or the whole site. */
export const STATS_SCOPES = ["him", "her", "both"] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];

/** The last 24 hours by hour; 7, 30 or 365 days by day. */
export const STATS_RANGES = ["24h", "7d", "30d", "365d"] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * The public pages whose views are counted (rows of the page table). Sign-in, account, studio,
 * subscription and not-found pages are not.
 */
export const COUNTED_PAGES: ReadonlySet<Page> = new Set<Page>([
  pages.home,
  pages.hisBlog,
  pages.herBlog,
  pages.contact,
  pages.post,
  pages.tag,
  pages.search,
  pages.privacy,
  pages.terms,
]);

/** Longest path, referrer host and utm_source a beacon may carry. */
export const BEACON_PATH_MAX_LENGTH = 512;
export const REFERRER_HOST_MAX_LENGTH = 253;
export const UTM_SOURCE_MAX_LENGTH = 64;
/** Most post ids one GET /api/stats/posts may ask about (a page of the Posts list is far below). */
export const STATS_POST_IDS_MAX = 100;

/** One point of the charts: an hour (ISO) or a day (YYYY-MM-DD). */
export interface StatsPoint {
  t: string;
  views: number;
  visitors: number;
  likes: number;
  comments: number;
  followers: number;
}

/** GET /api/stats. */
export interface StatsReport {
  scope: StatsScope;
  range: StatsRange;
  bucket: "hour" | "day";
  series: StatsPoint[];
  totals: Omit<StatsPoint, "t"> & { reads: number };
  topPosts: Array<{ postId: string; title: string; author: "him" | "her"; views: number; reads: number }>;
  sources: Array<{ source: string; views: number }>;
  devices: Array<{ device: DeviceClass; views: number }>;
}

/** GET /api/stats/posts: every asked post's numbers since counting began (zero when none). */
export interface PostStats {
  postId: string;
  views: number;
  reads: number;
  /** A take of a revealed two-takes post: both takes' numbers together (decision 0046). */
  pair?: { views: number; reads: number };
}
