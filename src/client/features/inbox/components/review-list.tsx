import type { Comment } from "../../../../common/engagement";
import { paths } from "../../../../common/routes";
import { remoteServerOf } from "../../../../common/social-web";
import { useBlockServer, useHoldSetting, useReviewAction, useReviewList } from "../api/moderation";
import { focusInboxHeading } from "./inbox-heading";

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function ReviewItem({
  comment,
  title,
  note,
  actions,
}: {
  comment: Comment;
  title: string;
  note: string;
  actions: Array<"approve" | "hide" | "dismiss" | "delete">;
}) {
  const act = useReviewAction();
  const blockServer = useBlockServer();
  const server = remoteServerOf(comment);
  const labels = { approve: "Approve", hide: "Hide", dismiss: "Dismiss", delete: "Delete" } as const;
  const busyLabels = {
    approve: "Approving...",
    hide: "Hiding...",
    dismiss: "Dismissing...",
    delete: "Deleting...",
  } as const;
  const doing = act.isPending ? act.variables?.action : null;
  return (
    <li className="inbox-item inbox-item--review">
      <div className="inbox-item-body">
        <header className="inbox-item-header">
          <h3>
            Comment by {comment.author} on{" "}
            <a href={`${paths.post(comment.postId)}#comment-${comment.id}`}>{title}</a>
          </h3>
          <span className="inbox-badge inbox-badge--pending">{note}</span>
        </header>
        <p className="inbox-meta">
          <time dateTime={comment.timestamp}>{formatTime(comment.timestamp)}</time>
        </p>
        <p className="inbox-message">{comment.content}</p>
        <div className="comment-actions inbox-actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className="button button-ghost button-small"
              disabled={act.isPending}
              onClick={() => {
                if (action === "delete" && !window.confirm("Are you sure you want to delete this comment?"))
                  return;
                // The item leaves the list (and unmounts) before a mutate callback could run: the promise still does.
                act.mutateAsync({ id: comment.id, action }).then(focusInboxHeading, () => {});
              }}
            >
              {doing === action ? busyLabels[action] : labels[action]}
            </button>
          ))}
          {server ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={blockServer.isPending || blockServer.isSuccess}
              onClick={() => {
                if (
                  window.confirm(`Block ${server}? Nothing from anyone on that server will reach your blog.`)
                )
                  blockServer.mutate(server);
              }}
            >
              {blockServer.isSuccess
                ? `${server} blocked`
                : blockServer.isPending
                  ? "Blocking..."
                  : "Block server"}
            </button>
          ) : null}
        </div>
        {act.isError || blockServer.isError ? (
          <p className="inbox-error" role="alert">
            That did not work. Please try again.
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** /admin Inbox, comments part: held first comments and reported comments, each with its actions. */
export function ReviewList() {
  const query = useReviewList();
  const hold = useHoldSetting();
  if (!query.data) return null;
  const { held, reported, holdFirstComments } = query.data;
  return (
    <>
      <label className="inbox-setting">
        <input
          type="checkbox"
          checked={holdFirstComments}
          disabled={hold.isPending}
          onChange={() => hold.mutate(!holdFirstComments)}
        />{" "}
        Hold the first comment of a new reader for my approval
      </label>
      {held.length + reported.length > 0 ? (
        <>
          <h2 className="inbox-section-heading">Comments to review</h2>
          <ul className="inbox-list" aria-label="Comments to review">
            {held.map((h) => (
              <ReviewItem
                key={`held-${h.comment.id}`}
                comment={h.comment}
                title={h.postTitle}
                note="Awaiting approval"
                actions={["approve", "delete"]}
              />
            ))}
            {reported.map((r) => (
              <ReviewItem
                key={`report-${r.comment.id}`}
                comment={r.comment}
                title={r.postTitle}
                note={`Reported ${r.reports === 1 ? "once" : `${r.reports} times`}${r.reasons.length ? `: ${r.reasons.join("; ")}` : ""}`}
                actions={["hide", "dismiss", "delete"]}
              />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
