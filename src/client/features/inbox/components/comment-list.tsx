import { paths } from "../../../../common/routes";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { useInboxComments, useMarkCommentRead } from "../api/comments";

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The Inbox's new comments on the author's posts: unread ones marked (and named to screen readers). */
export function CommentList() {
  const query = useInboxComments();
  const markRead = useMarkCommentRead();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <h2 className="inbox-section-heading">New comments</h2>
      {/* Screen readers hear that the action worked; the item's 'Unread' badge goes at once. */}
      <p className="inbox-announce" role="status">
        {markRead.isSuccess ? "Marked as read." : markRead.isError ? "Failed to mark as read." : ""}
      </p>
      {query.isPending ? (
        <p className="inbox-status" aria-busy="true">
          Loading comments...
        </p>
      ) : query.isError ? (
        <p className="inbox-error" role="alert">
          Failed to load comments
        </p>
      ) : items.length === 0 ? (
        <p className="inbox-status">No comments yet.</p>
      ) : (
        <ul className="inbox-list" aria-label="New comments">
          {items.map((c) => (
            <li key={c.id} className={c.read ? "inbox-item" : "inbox-item inbox-item--unread"}>
              <header className="inbox-item-header">
                <h3>
                  {c.read ? null : <span className="inbox-badge inbox-badge--unread">Unread</span>}{" "}
                  <a href={`${paths.post(c.postSlug)}#comments-heading`}>
                    {c.author} on “{c.postTitle}”
                  </a>
                </h3>
              </header>
              <p className="inbox-meta">
                <time dateTime={c.timestamp}>{formatTime(c.timestamp)}</time>
              </p>
              <p className="inbox-message">{c.content}</p>
              {c.read ? null : (
                <div className="inbox-actions">
                  <button
                    type="button"
                    className="button button-ghost"
                    disabled={markRead.isPending && markRead.variables === c.id}
                    onClick={() => markRead.mutate(c.id)}
                  >
                    Mark as read
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        {...nextPageOf(query)}
        failedText="Failed to load more comments. Please try again."
        label="Load more comments"
        align="start"
      />
    </>
  );
}
