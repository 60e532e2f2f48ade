import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import type { Db } from "../db/client";
import { blogPosts, draftNotes, sitePages } from "../db/schema";

/** A note as its email names it: who wrote it, on what, and where the other author opens it. */
export async function draftNoteFor(
  db: Db,
  noteId: string,
): Promise<{
  author: AuthorKey;
  isReply: boolean;
  quote: string;
  body: string;
  title: string;
  editPath: string;
} | null> {
  const [row] = await db
    .select({
      note: draftNotes,
      postTitle: blogPosts.title,
      postSlug: blogPosts.slug,
      pageTitle: sitePages.title,
    })
    .from(draftNotes)
    .leftJoin(blogPosts, eq(blogPosts.id, draftNotes.postId))
    .leftJoin(sitePages, eq(sitePages.id, draftNotes.pageId))
    .where(eq(draftNotes.id, noteId));
  if (!row) return null;
  const { note } = row;
  let quote = note.quote;
  if (note.parentId) {
    const [parent] = await db
      .select({ quote: draftNotes.quote })
      .from(draftNotes)
      .where(eq(draftNotes.id, note.parentId));
    quote = parent?.quote ?? "";
  }
  return {
    author: note.author,
    isReply: note.parentId !== null,
    quote,
    body: note.body,
    title: row.postTitle ?? row.pageTitle ?? "",
    editPath: row.postSlug ? `${paths.post(row.postSlug)}?edit=1` : paths.studioPages,
  };
}
