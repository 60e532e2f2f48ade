import { LoadMore } from "../../../components/ui/load-more";
import type { PostList as PostListData } from "../api/post-lists";
import { PostCard } from "./post-card";

// SPEC §8 list messages.
export const LIST_EMPTY_TEXT = "No blog posts found. Check back soon!";
export const LIST_FALLBACK_TEXT = "Using locally stored posts. Firestore connection failed.";
export const LIST_FAILED_TEXT = "Failed to load blog posts from any source. Please try again.";

export function PostList({
  list,
  hrefFor,
  emptyText = LIST_EMPTY_TEXT,
  priorityFirst = true,
}: {
  list: PostListData;
  /** The post's link from its slug. */
  hrefFor: (slug: string) => string;
  emptyText?: string;
  /** The first card's image is the page's first image (false when an image comes before the list). */
  priorityFirst?: boolean;
}) {
  const { state } = list;
  if (state.status === "loading") {
    return (
      <p className="list-status" aria-busy="true">
        Loading posts...
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="list-status list-error" role="alert">
        {LIST_FAILED_TEXT}
      </p>
    );
  }
  return (
    <>
      {state.status === "fallback" ? (
        <p className="list-status list-warning" role="status">
          {LIST_FALLBACK_TEXT}
        </p>
      ) : null}
      {state.posts.length === 0 ? (
        <p className="list-status">{emptyText}</p>
      ) : (
        <div className="post-grid">
          {state.posts.map((post, i) => (
            <PostCard
              key={post.id}
              post={post}
              href={hrefFor(post.slug)}
              priority={priorityFirst && i === 0}
            />
          ))}
        </div>
      )}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.loadMoreFailed}
        failedText="Failed to load more posts. Please try again."
        // Without JavaScript the button is a link to the next older page; with it, it loads here.
        href={list.nextCursor ? `?cursor=${encodeURIComponent(list.nextCursor)}` : undefined}
        onLoadMore={list.loadMore}
      />
    </>
  );
}
