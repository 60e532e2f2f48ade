import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import type { Db } from "../db/client";
import { draftNotes, sitePages } from "../db/schema";

/**
 * A note as its email names it: who wrote it, on what, and where the other author opens it; null
 * when the other author may not see it (a note on a post is its author's alone, as the post is).
 */
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
    .select({ note: draftNotes, pageTitle: sitePages.title })
    .from(draftNotes)
    .leftJoin(sitePages, eq(sitePages.id, draftNotes.pageId))
    .where(eq(draftNotes.id, noteId));
  if (!row || row.note.postId) return null;
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
    title: row.pageTitle ?? "",
    editPath: paths.studioPages,
  };
}
