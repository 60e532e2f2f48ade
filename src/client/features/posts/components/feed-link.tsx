import type { AuthorKey } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import "../reading.css";

export const FEED_LINK_TEXT = "RSS feed";

/** A blog's RSS feed, for readers who follow blogs in a feed reader (a file, not an app route). */
export function FeedLink({ author }: { author: AuthorKey }) {
  return (
    <a className="feed-link" href={paths.feed(author)} type="application/rss+xml">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="3" cy="13" r="2" fill="currentColor" />
        <path d="M1 6a9 9 0 0 1 9 9h-2.5A6.5 6.5 0 0 0 1 8.5z" fill="currentColor" />
        <path d="M1 1a14 14 0 0 1 14 14h-2.5A11.5 11.5 0 0 0 1 3.5z" fill="currentColor" />
      </svg>
      {FEED_LINK_TEXT}
    </a>
  );
}
