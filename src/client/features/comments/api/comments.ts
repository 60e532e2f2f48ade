import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { commentCreate, commentDelete, commentsList, commentUpdate } from "../../../../common/api";
import type { Comment } from "../../../../common/engagement";
import { queryKeys } from "../../../../common/query-keys";
import type { Page } from "../../../../common/types";
import { call } from "../../../lib/api";
import { keyedPages } from "../../../lib/typed-query";

/** SPEC §7: a post's comments, newest first, a page at a time. */
export function useComments(postId: string) {
  return useInfiniteQuery<
    Page<Comment>,
    Error,
    InfiniteData<Page<Comment>, string | null>,
    readonly unknown[],
    string | null
  >({
    ...keyedPages(queryKeys.comments(postId), ({ pageParam, signal }) =>
      call(commentsList, { params: { id: postId }, query: { cursor: pageParam }, signal }),
    ),
    // The page inlines the first page as this viewer sees it: no second trip right after
    // hydration. Coming back to a post after a while checks for newer comments.
    staleTime: COMMENTS_FRESH_MS,
  });
}

/** How long a post's comments count as current before the page looks for newer ones. */
const COMMENTS_FRESH_MS = 10_000;

type Threads = InfiniteData<Page<Comment>, string | null>;

/**
 * The threads with `comment` (the server's answer to its creation) in its place: a top-level
 * comment first (newest first), a reply last under its top-level comment (oldest first). Null when
 * that place is not loaded, so the list is fetched again instead.
 */
export function withNewComment(threads: Threads | undefined, comment: Comment): Threads | null {
  if (!threads || threads.pages.length === 0) return null;
  if (comment.parentId === null) {
    const [first, ...rest] = threads.pages;
    return {
      ...threads,
      pages: [{ ...first!, items: [{ ...comment, replies: [] }, ...first!.items] }, ...rest],
    };
  }
  let placed = false;
  const pages = threads.pages.map((page) => ({
    ...page,
    items: page.items.map((top) => {
      if (top.id !== comment.parentId) return top;
      placed = true;
      return { ...top, replies: [...(top.replies ?? []), comment] };
    }),
  }));
  return placed ? { ...threads, pages } : null;
}

/** The threads with the edited comment's new text (the server's answer), its replies kept. */
export function withEditedComment(threads: Threads | undefined, edited: Comment): Threads | null {
  if (!threads) return null;
  let placed = false;
  const swap = (c: Comment): Comment => {
    if (c.id === edited.id) {
      placed = true;
      return { ...c, ...edited, replies: c.replies };
    }
    return c.replies ? { ...c, replies: c.replies.map(swap) } : c;
  };
  const pages = threads.pages.map((page) => ({ ...page, items: page.items.map(swap) }));
  return placed ? { ...threads, pages } : null;
}

/**
 * A comment write whose answer updates the list in place (`place`), or, without a place for it
 * (a delete; a page not loaded), has the list fetched again.
 */
function useCommentMutation<TVars, TResult>(
  postId: string,
  fn: (vars: TVars) => Promise<TResult>,
  place?: (threads: Threads | undefined, answer: TResult) => Threads | null,
) {
  const client = useQueryClient();
  const key = queryKeys.comments(postId);
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer) => {
      const placed = place?.(client.getQueryData<Threads>(key), answer) ?? null;
      if (placed) client.setQueryData<Threads>(key, placed);
      else await client.invalidateQueries({ queryKey: key });
    },
  });
}

/** A new comment, or a reply when `replyTo` names the comment it answers. */
export const useAddComment = (postId: string) =>
  useCommentMutation(
    postId,
    ({ content, replyTo }: { content: string; replyTo?: string }) =>
      call(commentCreate, { params: { id: postId }, body: replyTo ? { content, replyTo } : { content } }),
    withNewComment,
  );

export const useUpdateComment = (postId: string) =>
  useCommentMutation(
    postId,
    ({ id, content }: { id: string; content: string }) =>
      call(commentUpdate, { params: { id }, body: { content } }),
    withEditedComment,
  );

export const useDeleteComment = (postId: string) =>
  useCommentMutation(postId, (id: string) => call(commentDelete, { params: { id } }));
