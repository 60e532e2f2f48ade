import { Link } from "react-router";
import type { AuthorKey } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import type { PostNeighbour } from "../../../../common/types";
import { siteBlogName } from "../../../lib/shell-data";

export const PREVIOUS_POST_TEXT = "← Previous post";
export const NEXT_POST_TEXT = "Next post →";

/** The older and newer post of the same blog; nothing at an end, nothing at all for a lone post. */
export function PostNeighbours({
  author,
  previous,
  next,
}: {
  author: AuthorKey;
  previous: PostNeighbour | null;
  next: PostNeighbour | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="post-neighbours" aria-label={`More from ${siteBlogName(author)}`}>
      {previous ? (
        <Link to={paths.post(previous.slug)} className="post-neighbour post-neighbour--previous" rel="prev">
          <span className="post-neighbour-label">{PREVIOUS_POST_TEXT}</span>
          <span className="post-neighbour-title">{previous.title}</span>
        </Link>
      ) : null}
      {next ? (
        <Link to={paths.post(next.slug)} className="post-neighbour post-neighbour--next" rel="next">
          <span className="post-neighbour-label">{NEXT_POST_TEXT}</span>
          <span className="post-neighbour-title">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
