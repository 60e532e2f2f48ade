import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { shareOpens, shareStateOf } from "../content/post-access";
import type { Db } from "../db/client";
import { blogPosts, draftNotes, sitePages } from "../db/schema";

/**
 * A note as its email names it: who wrote it, on what, and where the other author opens it; null
 * when the other author may not see it (a note on a post is its author's alone, as the post is,
 * unless it is shared with the partner now: decision 0050).
 */
export async function draftNoteFor(
  db: Db,
  noteId: string,
  now: Date,
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
      pageTitle: sitePages.title,
      postTitle: blogPosts.title,
      postAuthor: blogPosts.author,
    })
    .from(draftNotes)
    .leftJoin(sitePages, eq(sitePages.id, draftNotes.pageId))
    .leftJoin(blogPosts, eq(blogPosts.id, draftNotes.postId))
    .where(eq(draftNotes.id, noteId));
  if (!row) return null;
  const { note } = row;
  const postId = note.postId;
  if (postId) {
    // The partner's note reaches the owner; the owner's reaches the partner only while shared.
    const state = await shareStateOf(db, postId);
    if (!state || (note.author === state.author && !shareOpens(state, now))) return null;
  }
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
    title: (postId ? row.postTitle : row.pageTitle) ?? "",
    editPath: postId ? `${paths.post(postId)}?edit=1` : paths.studioPages,
  };
}
