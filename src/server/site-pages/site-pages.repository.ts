import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sitePages } from "../db/schema";

export type PageRow = typeof sitePages.$inferSelect;
export type PageFields = Omit<typeof sitePages.$inferInsert, "id" | "createdAt">;

/** Every stored page, by placement order then title (the studio's list; menus filter it). */
export const listPageRows = (db: Db): Promise<PageRow[]> =>
  db.select().from(sitePages).orderBy(asc(sitePages.position), asc(sitePages.title));

export async function findPageRow(db: Db, slug: string): Promise<PageRow | null> {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
  return row ?? null;
}

export async function countPages(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sitePages);
  return row?.n ?? 0;
}

/** A new page; null when the address was taken meanwhile (the unique index decides). */
export async function insertPageRow(db: Db, fields: PageFields, now: Date): Promise<PageRow | null> {
  const [row] = await db
    .insert(sitePages)
    .values({ ...fields, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: sitePages.slug })
    .returning();
  return row ?? null;
}

export async function updatePageRow(
  db: Db,
  id: string,
  fields: Partial<PageFields>,
): Promise<PageRow | null> {
  const [row] = await db.update(sitePages).set(fields).where(eq(sitePages.id, id)).returning();
  return row ?? null;
}

export async function deletePageRow(db: Db, id: string): Promise<void> {
  await db.delete(sitePages).where(eq(sitePages.id, id));
}
