import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import { canSeeComment } from "../../common/policies";
import type { Page, Viewer } from "../../common/types";
import { type ListedRow, type ThreadPage, toComment } from "./comments.repository";

/**
 * A page of threads as this viewer may see it: hidden and held comments reach only their writer
 * and the post's author (marked); a '[deleted]' comment stays only while it has visible replies.
 */
export function presentThreads(
  page: ThreadPage,
  viewer: Viewer | null,
  post: { author: AuthorKey },
): Page<Comment> {
  const blocked = new Set(page.blockedUserIds);
  const present = ({ comment: row, isAuthor }: ListedRow): Comment | null => {
    const comment = toComment(row, isAuthor, { blocked: blocked.has(row.userId) });
    return canSeeComment(viewer, { ...comment, userId: row.userId }, post) ? comment : null;
  };
  const repliesOf = new Map<string, Comment[]>();
  for (const listed of page.replies) {
    const reply = present(listed);
    const parentId = listed.comment.parentId;
    if (!reply || !parentId || reply.deleted) continue;
    const list = repliesOf.get(parentId) ?? [];
    list.push(reply);
    repliesOf.set(parentId, list);
  }
  const items: Comment[] = [];
  for (const listed of page.top) {
    const row = listed.comment;
    const replies = repliesOf.get(row.id) ?? [];
    if (row.deletedAt) {
      if (replies.length > 0) items.push({ ...toComment(row, false), hidden: false, held: false, replies });
      continue;
    }
    const comment = present(listed);
    if (comment) items.push({ ...comment, replies });
  }
  return { items, nextCursor: page.nextCursor };
}
