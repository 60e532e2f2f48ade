import type { AuthorKey, ImagePosition, ImageSize, PostStatus, RevisionKind } from "./limits";
import type { SiteSettings } from "./site-settings";
import type { PostMention, SocialWebReactions } from "./social-web";

/** SPEC §3 BlogPost image entry as stored with a post. */
export interface PostImage {
  id: string;
  url: string;
  position: ImagePosition;
  size: ImageSize;
  pairedWith: string | null;
  /** Alt text: null or absent falls back to the post's title; '' marks the image decorative. */
  alt?: string | null;
  /** Optional caption shown under the image. */
  caption?: string;
  /** Natural size in pixels, as the upload reported it. */
  width?: number;
  height?: number;
}

/** SPEC §3 BlogPost, as the API presents it (SPEC field names). */
export interface BlogPost {
  id: string;
  /** Its address: `/post/{slug}` (docs/decisions/0033-post-addresses.md). */
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  author: AuthorKey;
  /** The publish time: when it was (or, for a scheduled post, will be) published. */
  date: string;
  /** draft | scheduled | published, as of the moment of the answer. */
  status: PostStatus;
  imageUrl: string | null;
  images: PostImage[];
  hashtags: string[];
  likes: number;
  lastUpdated: string | null;
  /** Email it to the author's followers when it becomes public (default true). */
  sendToFollowers: boolean;
}

/** A post as a list shows it: no content, excerpt already resolved by SPEC §5. */
export type BlogPostCard = Omit<BlogPost, "content" | "images" | "sendToFollowers"> & {
  /** The thumbnail's natural size in pixels (null when unknown): cards reserve its space. */
  imageWidth: number | null;
  imageHeight: number | null;
  /** The name the author set in their profile ('' when none: readers see 'Him' / 'Her'). */
  authorName: string;
};

/**
 * A card of the author's own list (the studio's Posts page): `sealedTake` marks a take of a
 * two-takes pair not yet revealed, a draft until both takes are revealed together (decision 0046).
 * Never in a reader's list.
 */
/** In the author's own list: `shared` when the partner is invited in (decision 0050). */
export type OwnPostCard = BlogPostCard & { sealedTake?: true; shared?: true };

/** Whether a post is shared with the partner (decision 0050), as the share calls answer it. */
export interface PostShareState {
  shared: boolean;
}

/** A piece of text from a search: `match` marks the words the search found (rendered as text). */
export interface TextPart {
  text: string;
  match?: true;
}

/** One search result: the post's card, its title and a snippet with the found words marked. */
export interface SearchHit {
  post: BlogPostCard;
  title: TextPart[];
  snippet: TextPart[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** What the client knows of the signed-in user; never carries the session token. */
export interface Viewer {
  id: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  isAdmin: boolean;
  authorKey: AuthorKey | null;
  /** An author address that has not been verified yet: /admin asks to verify it. */
  unverifiedAuthor: boolean;
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** The data a page is rendered with: inlined by the server's page shell as #duet-data, read by the client before its first render. */
export interface ShellData {
  viewer: Viewer | null;
  /** site.siteName, kept for the many titles that read it. */
  siteName: string;
  /** The site settings readers see: names, texts, accent, her pin board. */
  site: SiteSettings;
  publicUrl: string;
  pinterestBoardUrl: string | null;
  /** The published pages linked from the navbar's menu and the footer, in the authors' order. */
  pageLinks: PageLinks;
  /** TanStack Query cache entries to hydrate: [queryKey, data] (built with query-keys.ts inlineQuery). */
  queries: InlinedQuery[];
}

/** One entry of the page shell's data: a key and what it holds (query-keys.ts inlineQuery makes them). */
export type InlinedQuery = [unknown[], unknown];

/** One saved state of a post, as the revisions list shows it (author only). */
export interface PostRevisionSummary {
  id: string;
  postId: string;
  kind: RevisionKind;
  createdAt: string;
  /** For a restore: the revision it brought back. */
  restoredFrom: string | null;
  title: string;
}

/** A revision with everything it kept. */
export interface PostRevision extends PostRevisionSummary {
  excerpt: string;
  content: string;
  hashtags: string[];
  images: PostImage[];
  imageUrl: string | null;
}

/** A piece of a text diff: unchanged, added or removed. */
export interface DiffPart {
  value: string;
  added?: true;
  removed?: true;
}

/** One block of a post's content in a comparison (server/revisions/readable-diff.ts). */
export type DiffBlock =
  | { kind: "paragraph" | "heading" | "quote" | "item"; parts: DiffPart[] }
  | { kind: "image"; url: string; alt: string; change?: "added" | "removed" };

/**
 * What changed from `base` (the previous revision, or the post as it is now) to the revision:
 * against 'current' it shows what restoring the revision would change.
 */
export interface RevisionComparison {
  revision: PostRevision;
  against: "previous" | "current";
  /** The revision compared with (null: the first revision against 'previous', compared with nothing). */
  baseRevisionId: string | null;
  changed: boolean;
  changes: {
    title: DiffPart[];
    excerpt: DiffPart[];
    /** Line by line over the content's HTML, one block element a line. */
    content: DiffPart[];
    /** The content as readers see it, block by block: text with words added and removed, images. */
    readable: DiffBlock[];
    hashtags: { added: string[]; removed: string[] };
    images: { added: string[]; removed: string[] };
    thumbnail: { from: string | null; to: string | null } | null;
  };
}

/** What readers see of an author (name '' and photoUrl null until the author sets them). */
export interface AuthorProfile {
  author: AuthorKey;
  name: string;
  bio: string;
  photoUrl: string | null;
  /** The stored photo's natural width (its srcset follows from it); null when not known. Set by the server. */
  photoWidth: number | null;
}

/** A neighbouring post of the same blog, as the post page links to it. */
export interface PostNeighbour {
  id: string;
  slug: string;
  title: string;
  date: string;
}

/**
 * What the post page shows around a post (`GET /api/posts/:id/reading`): its reading time from
 * the text, its author as readers see them, and the previous (older) and next (newer) public
 * post of the same blog by publish time, null at either end.
 */
export interface PostReading {
  postId: string;
  readingMinutes: number;
  author: AuthorProfile;
  previous: PostNeighbour | null;
  next: PostNeighbour | null;
  /** Likes and boosts from the social web (apart from readers' likes); null when there are none. */
  socialWeb?: SocialWebReactions | null;
  /** Likes and reposts of the post's card on Bluesky (decision 0051); absent when none. */
  bluesky?: { likes: number; reposts: number };
  /** A take of a revealed two-takes post: the topic, the prompt and both takes. */
  pair?: PairReading | null;
  /** Other sites' verified Webmentions that are not replies, newest first; absent when none. */
  mentions?: PostMention[];
  /** The author's preview of a take not yet revealed: it cannot be published on its own. */
  sealedTake?: true;
  /**
   * Draft sharing (decision 0050), on a preview only: `owner` when its author shared it with the
   * partner, `partner` when the viewer is that partner, let in to write it.
   */
  share?: "owner" | "partner";
}

/** A revealed two-takes post as readers get it (docs/decisions/0046-two-takes.md). */
export interface PairReading {
  id: string;
  topic: string;
  prompt: string;
  /** The proposer's take first, then the other's. */
  takes: PairTake[];
}

export interface PairTake {
  post: BlogPost;
  author: AuthorProfile;
}

/** A link of the navbar's menu or the footer (inlined in every page). */
export interface PageLink {
  title: string;
  path: string;
}

export interface PageLinks {
  nav: PageLink[];
  footer: PageLink[];
}

/** Which post an address names: `/post/{slug}`, an earlier slug, or SPEC §2's `/post/{postId}`. */
export interface PostAddress {
  id: string;
  slug: string;
}
