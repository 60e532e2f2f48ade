import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import { canSeeComment } from "../../common/policies";
import type { Page, Viewer } from "../../common/types";
import { type ListedRow, type ThreadPage, toComment, toHiddenStandIn } from "./comments.repository";

/**
 * A page of threads as this viewer may see it: hidden and held comments reach only their writer
 * and the post's author (marked). Hiding acts on one comment: a hidden top-level comment stays for
 * everyone else as a '[hidden]' stand-in while it has visible replies, as a '[deleted]' one does.
 */
export function presentThreads(
  page: ThreadPage,
  viewer: Viewer | null,
  post: { author: AuthorKey },
): Page<Comment> {
  const blocked = new Set(page.blockedUserIds);
  const presentAll = ({ comment: row, isAuthor }: ListedRow): Comment => {
    const comment = toComment(row, isAuthor, { blocked: blocked.has(row.userId) });
    const remote = page.remote?.[row.id];
    return remote && !comment.deleted ? { ...comment, remote } : comment;
  };
  const visible = (comment: Comment, userId: string) => canSeeComment(viewer, { ...comment, userId }, post);
  const present = (listed: ListedRow): Comment | null => {
    const comment = presentAll(listed);
    return visible(comment, listed.comment.userId) ? comment : null;
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
    const comment = presentAll(listed);
    if (visible(comment, row.userId)) items.push({ ...comment, replies });
    else if (comment.hidden && !comment.held && replies.length > 0)
      items.push({ ...toHiddenStandIn(row), replies });
  }
  return { items, nextCursor: page.nextCursor };
}
