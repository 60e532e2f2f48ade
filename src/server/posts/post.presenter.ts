import { getTableColumns } from "drizzle-orm";
import { resolveExcerpt } from "../../common/rules/excerpt";
import { effectiveStatus } from "../../common/rules/post-visibility";
import type { BlogPost, BlogPostCard } from "../../common/types";
import { blogPosts } from "../db/schema";

/** The one presenter of a post: every route that returns a post (read or write) calls it. */

/** A post as stored, without the search vector (derived, and only search reads it). */
export type PostRow = Omit<typeof blogPosts.$inferSelect, "searchVector">;

const { searchVector: _searchVector, ...postRowColumns } = getTableColumns(blogPosts);
/** Select or return these, not the whole row: a PostRow. */
export const postColumns = postRowColumns;

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * A whole post as stored. The excerpt is the author's own, empty when they left it empty (SPEC §5):
 * the editor must load what was written, or saving any edit would freeze the fallback text.
 */
export const toBlogPost = (row: PostRow, now: Date): BlogPost => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  content: row.content,
  excerpt: row.excerpt,
  author: row.author,
  date: iso(row.date),
  status: effectiveStatus(row, now),
  imageUrl: row.imageUrl,
  images: row.images,
  hashtags: row.hashtags,
  likes: row.likes,
  lastUpdated: row.lastUpdated ? iso(row.lastUpdated) : null,
  sendToFollowers: row.sendToFollowers,
});

/** What a card needs of a row; `contentHead` is enough of the content for the excerpt fallback. */
export type PostCardRow = Pick<
  PostRow,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "author"
  | "date"
  | "status"
  | "imageUrl"
  | "hashtags"
  | "likes"
  | "lastUpdated"
> & { contentHead: string; imageWidth: number | null; imageHeight: number | null; authorName: string };

/** A card: no content, the excerpt resolved by SPEC §5 from the current content. */
export const toBlogPostCard = (row: PostCardRow, now: Date): BlogPostCard => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: resolveExcerpt(row.excerpt, row.contentHead),
  author: row.author,
  date: iso(row.date),
  status: effectiveStatus(row, now),
  imageUrl: row.imageUrl,
  imageWidth: row.imageUrl ? row.imageWidth : null,
  imageHeight: row.imageUrl ? row.imageHeight : null,
  hashtags: row.hashtags,
  likes: row.likes,
  lastUpdated: row.lastUpdated ? iso(row.lastUpdated) : null,
  authorName: row.authorName,
});
