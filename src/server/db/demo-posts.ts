import { and, count, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { blogPosts } from "./schema";
import { DEMO_POST_SIGNATURES } from "./seed";

/**
 * A new install's demo posts go in one click. A demo post is one the seed wrote and no
 * author has touched since: written by nobody (`created_by` null), never edited (`last_updated`
 * null), with a demo post's author, title and excerpt. An edited demo post is the author's own now.
 */
export function demoPosts(): SQL {
  const signatures = DEMO_POST_SIGNATURES.map(
    (demo) =>
      and(
        eq(blogPosts.author, demo.author),
        eq(blogPosts.title, demo.title),
        eq(blogPosts.excerpt, demo.excerpt),
      )!,
  );
  return and(isNull(blogPosts.createdBy), isNull(blogPosts.lastUpdated), or(...signatures))!;
}

export async function countDemoPosts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts).where(demoPosts());
  return row?.n ?? 0;
}

/** Removes them with their likes, comments and revisions (foreign keys cascade); their images stay. */
export async function removeDemoPosts(db: Db): Promise<number> {
  const removed = await db.delete(blogPosts).where(demoPosts()).returning({ id: blogPosts.id });
  return removed.length;
}
