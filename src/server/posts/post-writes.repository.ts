import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { BlogPost, PostImage } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts, comments, postLikes } from "../db/schema";

/** Write side of blog_posts (create, edit, delete); reads live in posts.repository.ts. */

export interface PostFields {
  title: string;
  content: string;
  excerpt: string;
  hashtags: string[];
  images: PostImage[];
  imageUrl: string | null;
}

type Row = typeof blogPosts.$inferSelect;

export function presentPost(row: Row): BlogPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    author: row.author,
    date: row.date.toISOString(),
    imageUrl: row.imageUrl,
    images: row.images,
    hashtags: row.hashtags,
    likes: row.likes,
    lastUpdated: row.lastUpdated ? row.lastUpdated.toISOString() : null,
  };
}

export async function findPostForWrite(db: Db, id: string): Promise<Row | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ?? null;
}

export async function insertPost(
  db: Db,
  values: PostFields & { author: AuthorKey; date: Date; createdBy: string },
): Promise<BlogPost> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return presentPost(row!);
}

/** SPEC §3: an edit sets lastUpdated. */
export async function updatePost(
  db: Db,
  id: string,
  values: Partial<PostFields> & { lastUpdated: Date },
): Promise<BlogPost | null> {
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
  return row ? presentPost(row) : null;
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
