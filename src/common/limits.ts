// SPEC §9: business constants and limits, shared by client and server.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const EXCERPT_FALLBACK_LENGTH = 150;
export const META_DESCRIPTION_LENGTH = 160;
export const SCROLL_THRESHOLD_PX = 10;
export const PIN_WIDGET_FALLBACK_MS = 5_000;
export const REGISTER_REDIRECT_MS = 2_000;
export const EDIT_REDIRECT_MS = 1_500;

export const POST_TITLE_MAX_LENGTH = 200;
/** A post's address `/post/{slug}`: at most this many characters (docs/decisions/0033-post-addresses.md). */
export const POST_SLUG_MAX_LENGTH = 80;
export const POST_CONTENT_MAX_LENGTH = 200_000;
export const POST_EXCERPT_MAX_LENGTH = 500;
export const HASHTAG_MAX_LENGTH = 40;
export const HASHTAGS_MAX_COUNT = 20;
export const POST_IMAGES_MAX_COUNT = 30;
export const IMAGE_ALT_MAX_LENGTH = 500;
export const IMAGE_CAPTION_MAX_LENGTH = 300;
export const COMMENT_MAX_LENGTH = 2_000;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;
/** How many of the latest posts (both blogs) the home page shows. */
export const HOME_LATEST_POSTS = 6;

/** Search (docs/decisions/0016-search.md): longest query, results per page. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 10;
/**
 * Search ranks at most this many matches, the newest: a word found in most posts costs a walk of
 * the date index that stops here, not a rank of every post (docs/decisions/0016-search.md).
 */
export const SEARCH_CANDIDATES_MAX = 1_000;

/** sitemaps.org: at most 50,000 URLs in one sitemap file (the index lists as many files as needed). */
export const SITEMAP_FILE_URLS_MAX = 50_000;

export const AUTHORS = ["him", "her"] as const;

/** A post is a draft, scheduled for its publish time, or published. */
export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/**
 * Why a revision was kept: the first save, an edit, an autosave (coalesced), a restore, or a step
 * of the post's life (scheduled, published, its address changed, unpublished, published again).
 */
export const REVISION_KINDS = [
  "create",
  "edit",
  "autosave",
  "restore",
  "schedule",
  "publish",
  "address",
  "unpublish",
  "republish",
] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
/** A scheduled post's publish time lies at most this far ahead. */
export const SCHEDULE_MAX_AHEAD_DAYS = 366 * 5;
export const AUTHOR_NAME_MAX_LENGTH = 80;
export const AUTHOR_BIO_MAX_LENGTH = 500;
export type AuthorKey = (typeof AUTHORS)[number];

/** 'wide' goes beyond the text column; 'full', still the widest, is edge to edge on wide screens. */
export const IMAGE_POSITIONS = ["left", "center", "right", "wide", "full"] as const;
export const IMAGE_SIZES = ["small", "medium", "large"] as const;
/** A gallery: 3 or more images in one row (a pair stays SPEC §4's PAIRED marker), at most 12. */
export const GALLERY_MAX_IMAGES = 12;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const CONTENT_TEXTAREA_ROWS = 10;
export const CONTACT_MESSAGE_ROWS = 5;
export const THEME_STORAGE_KEY = "duet-theme";
export const LOCAL_POSTS_STORAGE_KEY = "blogPosts";

// Site settings: how long each text may be.
export const SITE_NAME_MAX_LENGTH = 80;
export const SITE_TAGLINE_MAX_LENGTH = 160;
export const HERO_HEADING_MAX_LENGTH = 120;
export const SITE_SHORT_TEXT_MAX_LENGTH = 500;
export const ABOUT_TEXT_MAX_LENGTH = 2000;
export const BLOG_NAME_MAX_LENGTH = 60;
export const SITE_URL_MAX_LENGTH = 300;
export const CONTACT_RECIPIENTS_MAX = 10;

/**
 * Statistics: a visitor (address and browser, hashed) counts one view of a page, and one finished
 * read of a post, per window; one address counts as at most this many visitors per window (a home
 * or an office), so a client cannot invent visitors by changing its User-Agent.
 */
export const STATS_VIEW_WINDOW_MS = 30 * 60_000;
export const STATS_VISITORS_PER_ADDRESS = 10;

// The routes' own caps, declared here like every limit (a route file declares none).
/** A verification email again: at most one a minute, and five an hour, for one account (whatever the IP). */
export const RESEND_MIN_INTERVAL_MS = 60_000;
export const RESEND_MAX_PER_HOUR = 5;
/** Beacons one address may send a minute (two per page: the view and the end of a post). */
export const BEACON_LIMIT = { max: 120, windowMs: 60_000 } as const;
/** A beacon is a few dozen bytes. */
export const BEACON_BODY_LIMIT = 1024;
/** Feeds: the latest posts each lists, and how long a reader's client may keep one. */
export const FEED_SIZE = 20;
export const FEED_MAX_AGE_S = 300;
/** The site settings' history: the latest changes shown. */
export const SETTINGS_CHANGES_SHOWN = 20;
/** At most this many files in one upload request (each up to UPLOAD_MAX_BYTES). */
export const UPLOAD_MAX_FILES = 10;
/** Servers an author may block on the social web. */
export const BLOCKED_SERVERS_MAX = 1_000;
/** Reports from the social web listed at once, newest first (the review list's size). */
export const REPORTS_SHOWN = 100;
/** Per-IP limit on stored contact messages. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
/** The studio's inboxes: messages and comments per page. */
export const CONTACT_INBOX_PAGE_SIZE = 20;
export const INBOX_COMMENTS_PAGE_SIZE = 20;
/**
 * The largest archive the 'Import' button accepts (docs/moving.md): 512 MiB,
 * a blog with a few hundred photos. Bigger blogs use `npm run import`.
 */
export const ARCHIVE_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/**
 * Per-client limit on follow requests (an IPv6 client counts by its /64: clientKey). What one
 * recipient can be sent is limited apart from it (recipient-limits.ts), however many clients ask.
 */
export const FOLLOW_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/** Two takes (docs/decisions/0046-two-takes.md): the pair's life and its texts' limits. */
export const PAIR_STATES = ["proposed", "accepted", "declined", "revealed"] as const;
export type PairState = (typeof PAIR_STATES)[number];
export const PAIR_TOPIC_MAX_LENGTH = 200;
export const PAIR_PROMPT_MAX_LENGTH = 500;

/** A Webmention is a form of two URLs (W3C §3.2): a body above this is not one. */
export const WEBMENTION_FORM_MAX_BYTES = 8 * 1024;

/** Notes in the margin (docs/decisions/0048-writing-together.md): what one note may hold. */
export const NOTE_BODY_MAX_LENGTH = 2_000;
/** The words a note is about, kept as they were when it was written (for the list, and when they are gone). */
export const NOTE_QUOTE_MAX_LENGTH = 300;
/** One anchor: base64 of a Yjs relative position (a few dozen bytes in practice). */
export const NOTE_ANCHOR_MAX_LENGTH = 512;
/** A document's open and resolved notes with their replies, at most this many in all. */
export const NOTES_PER_DOCUMENT_MAX = 500;
