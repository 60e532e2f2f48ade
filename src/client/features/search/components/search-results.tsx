import { type MouseEvent, useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import type { SearchHit } from "../../../../common/types";
import { formatDate } from "../../../lib/format-date";
import { siteBlogName } from "../../../lib/shell-data";
import { useSearchResults } from "../api/search-posts";
import { Highlighted } from "./highlighted";

export const searchEmptyText = (text: string) => `No posts found for “${text}”.`;
export const SEARCH_FAILED_TEXT = "The search failed. Please try again.";

function Hit({ hit }: { hit: SearchHit }) {
  const { post } = hit;
  return (
    <li>
      <article className="search-hit">
        <h2 className="search-hit-title">
          <Link to={paths.post(post.slug)}>
            <Highlighted parts={hit.title} />
          </Link>
        </h2>
        <p className="post-meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <Link to={paths.blog(post.author)}>{siteBlogName(post.author)}</Link>
        </p>
        {hit.snippet.length > 0 ? (
          <p className="search-hit-snippet">
            <Highlighted parts={hit.snippet} />
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** Ranked results for the words, from a cursor or the start, with a "More results" link. */
export function SearchResults({ text, cursor }: { text: string; cursor: string | null }) {
  const results = useSearchResults(text, cursor);
  const listRef = useRef<HTMLOListElement>(null);
  // After "More results", focus goes to the first new result (the link itself may be gone).
  const focusFrom = useRef<number | null>(null);
  const count = results.hits?.length ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(".search-hit-title a")[from]?.focus();
  }, [count]);
  if (results.failed) {
    return (
      <p className="list-status list-error" role="alert">
        {results.refusal ?? SEARCH_FAILED_TEXT}
      </p>
    );
  }
  if (!results.hits) {
    return (
      <p className="list-status" aria-busy="true">
        Searching...
      </p>
    );
  }
  if (results.hits.length === 0) {
    return (
      <div className="search-empty">
        <p className="list-status">{searchEmptyText(text)}</p>
        <p>
          Try other or fewer words, or browse <Link to={paths.hisBlog}>{siteBlogName("him")}</Link> and{" "}
          <Link to={paths.herBlog}>{siteBlogName("her")}</Link>.
        </p>
      </div>
    );
  }
  // A link to the next page, so it works without JavaScript; with it, the page grows in place.
  const handleMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (results.loadingMore) return;
    focusFrom.current = count;
    results.loadMore();
  };
  return (
    <>
      <ol className="search-results" ref={listRef}>
        {results.hits.map((hit) => (
          <Hit key={hit.post.id} hit={hit} />
        ))}
      </ol>
      {results.loadMoreFailed ? (
        <p className="list-status list-error" role="alert">
          {results.refusal ?? SEARCH_FAILED_TEXT}
        </p>
      ) : null}
      {cursor || results.nextCursor ? (
        <nav className="search-more" aria-label="More results">
          {cursor ? <Link to={paths.search(text)}>First results</Link> : null}
          {results.nextCursor ? (
            <a
              className="button button-ghost"
              href={paths.search(text, results.nextCursor)}
              onClick={handleMore}
              aria-disabled={results.loadingMore || undefined}
            >
              {results.loadingMore ? "Loading..." : "More results"}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
