import type { AuthorKey, ImagePosition, ImageSize } from "./limits";

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
  title: string;
  content: string;
  excerpt: string;
  author: AuthorKey;
  date: string;
  imageUrl: string | null;
  images: PostImage[];
  hashtags: string[];
  likes: number;
  lastUpdated: string | null;
}

/** A post as a list shows it: no content, excerpt already resolved by SPEC §5. */
export type BlogPostCard = Omit<BlogPost, "content" | "images">;

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
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}
