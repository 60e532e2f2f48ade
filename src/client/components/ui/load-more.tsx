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
  href,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  failedText: string;
  label?: string;
  align?: "start";
  /** The next page's address: a link that works without JavaScript, enhanced to load in place. */
  href?: string;
  onLoadMore: () => void;
}) {
  const text = loading ? "Loading..." : label;
  return (
    <>
      {failed ? (
        <p className="list-status list-error" role="alert">
          {failedText}
        </p>
      ) : null}
      {hasMore ? (
        <div className={align ? "load-more load-more-start" : "load-more"}>
          {href ? (
            <a
              href={href}
              className="button button-ghost"
              aria-disabled={loading}
              onClick={(event) => {
                event.preventDefault();
                if (!loading) onLoadMore();
              }}
            >
              {text}
            </a>
          ) : (
            <button
              type="button"
              className="button button-ghost"
              aria-disabled={loading}
              onClick={() => {
                if (!loading) onLoadMore();
              }}
            >
              {text}
            </button>
          )}
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
