import { useRef } from "react";
import { Link, useLocation } from "react-router";
import type { AuthorKey } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { useSession } from "../../../lib/session";
import { useComments } from "../api/comments";
import { COMMENTS_TEXT } from "../comments-text";
import { CommentItem } from "./comment-item";
import { CommentForm } from "./signed-in";
import { usePermalink } from "./use-permalink";
import "../comments.css";

export { COMMENTS_TEXT };

/** SPEC §2 post page: the comments, newest first, each with its replies, and the form to add one. */
export function CommentsSection({ post }: { post: { id: string; author: AuthorKey } }) {
  const { viewer } = useSession();
  const location = useLocation();
  const query = useComments(post.id);
  const comments = query.data?.pages.flatMap((p) => p.items) ?? [];
  const from = `${location.pathname}${location.search}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const highlighted = usePermalink(query);

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" ref={heading} tabIndex={-1}>
        Comments
      </h2>
      {viewer ? (
        <CommentForm postId={post.id} />
      ) : (
        <div className="comments-login">
          <p>{COMMENTS_TEXT.loggedOut}</p>
          <Link className="button" to={paths.login(from)} state={{ from }}>
            Log In
          </Link>
        </div>
      )}
      {query.isPending ? (
        <p className="comments-status" aria-busy="true">
          Loading comments...
        </p>
      ) : query.isLoadingError ? (
        // Nothing was ever loaded: say so. A failed refresh keeps what is on screen (below).
        <p className="comment-error" role="alert">
          {COMMENTS_TEXT.loadFailed}
        </p>
      ) : comments.length === 0 ? (
        <p className="comments-status">{COMMENTS_TEXT.empty}</p>
      ) : (
        <ul className="comment-list">
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              post={post}
              viewer={viewer ?? null}
              highlighted={highlighted}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
      {query.isRefetchError ? (
        <p className="comments-status comments-stale" role="status">
          {COMMENTS_TEXT.refreshFailed}
        </p>
      ) : null}
      <LoadMore {...nextPageOf(query)} failedText={COMMENTS_TEXT.loadFailed} label="Load more comments" />
    </section>
  );
}
