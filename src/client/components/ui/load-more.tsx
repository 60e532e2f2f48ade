/**
 * The button under a paginated list, and what it says when the next page could not be loaded.
 * Reader lists centre it; the studio's lists (`align="start"`) leave it where the list ends.
 * It stays focusable while the page loads (aria-disabled), so a keyboard user keeps their place.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  failedText,
  label = "Load more",
  align,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  failedText: string;
  label?: string;
  align?: "start";
  onLoadMore: () => void;
}) {
  return (
    <>
      {failed ? (
        <p className="list-status list-error" role="alert">
          {failedText}
        </p>
      ) : null}
      {hasMore ? (
        <div className={align ? "load-more load-more-start" : "load-more"}>
          <button
            type="button"
            className="button button-ghost"
            aria-disabled={loading}
            onClick={() => {
              if (!loading) onLoadMore();
            }}
          >
            {loading ? "Loading..." : label}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** LoadMore's state and action from a paged (infinite) query: spread it, then say the texts. */
export const nextPageOf = (query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}) => ({
  hasMore: query.hasNextPage,
  loading: query.isFetchingNextPage,
  failed: query.isFetchNextPageError,
  onLoadMore: () => void query.fetchNextPage(),
});
