/** The button under a paginated list, and what it says when the next page could not be loaded. */
export function LoadMore({
  hasMore,
  loading,
  failed,
  failedText,
  label = "Load more",
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  failedText: string;
  label?: string;
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
        <div className="load-more">
          <button type="button" className="button button-ghost" onClick={onLoadMore} disabled={loading}>
            {loading ? "Loading..." : label}
          </button>
        </div>
      ) : null}
    </>
  );
}
