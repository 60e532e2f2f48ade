import { eq } from "drizzle-orm";
import type { AuthorKey, PostStatus, RevisionKind } from "../../common/limits";
import type { BlogPost, PostImage } from "../../common/types";
import { retireSlug } from "../content/slugs";
import type { Db } from "../db/client";
import { blogPosts, comments, postLikes } from "../db/schema";
import { type PostRow, postColumns, toBlogPost } from "./post.presenter";
import { recordRevision } from "./revisions.repository";

/** Write side of blog_posts (create, edit, delete); reads live in posts.repository.ts. */

export interface PostFields {
  title: string;
  content: string;
  excerpt: string;
  hashtags: string[];
  images: PostImage[];
  imageUrl: string | null;
  sendToFollowers?: boolean;
}

/** Who saved, when, and why: every save keeps a revision in the same transaction. */
export interface SaveMeta {
  by: string;
  at: Date;
  kind: RevisionKind;
  restoredFrom?: string | null;
}

export async function findPostForWrite(db: Db, id: string): Promise<PostRow | null> {
  const [row] = await db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ?? null;
}

/** A new post and its first revision. announcedAt stays null: publishing.ts fires "became public" once. */
export async function insertPost(
  db: Db,
  values: PostFields & {
    author: AuthorKey;
    date: Date;
    status: PostStatus;
    createdBy: string;
    slug: string;
    pairId?: string | null;
  },
  meta: SaveMeta,
): Promise<BlogPost> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({ ...values, announcedAt: null })
      .returning(postColumns);
    await recordRevision(tx, row!.id, row!, meta);
    return toBlogPost(row!, meta.at);
  });
}

/** SPEC §3: an edit sets lastUpdated (the caller decides what is an edit). The revision holds the post as it is after the save. */
export async function updatePost(
  db: Db,
  id: string,
  values: Partial<PostFields> & { lastUpdated?: Date; status?: PostStatus; date?: Date; slug?: string },
  meta: SaveMeta,
  /** The slug readers may have linked to: it keeps redirecting when `values.slug` replaces it. */
  retiredSlug?: string,
): Promise<BlogPost | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning(postColumns);
    if (!row) return null;
    if (values.slug !== undefined) await retireSlug(tx, id, retiredSlug ?? "", values.slug);
    await recordRevision(tx, row.id, row, meta);
    return toBlogPost(row, meta.at);
  });
}

/** The post, its likes and its comments go together or not at all. */
export async function deletePost(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(postLikes).where(eq(postLikes.postId, id));
    await tx.delete(comments).where(eq(comments.postId, id));
    const gone = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
    return gone.length > 0;
  });
}
