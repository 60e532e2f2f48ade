/** The studio lists' next-page button (Your posts, revisions): left where the list ends, never twice at once. */
export function NextPageButton({
  query,
  label,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button-ghost"
      aria-disabled={query.isFetchingNextPage}
      onClick={() => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      }}
    >
      {query.isFetchingNextPage ? "Loading..." : label}
    </button>
  );
}
