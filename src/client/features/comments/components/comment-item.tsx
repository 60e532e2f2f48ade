import { useEffect, useRef, useState } from "react";
import { type Comment, isStandIn } from "../../../../common/engagement";
import type { AuthorKey } from "../../../../common/limits";
import { canManageComment } from "../../../../common/policies";
import type { Viewer } from "../../../../common/types";
import { useDeleteComment } from "../api/comments";
import { COMMENTS_TEXT, commentAnchor, formatTime } from "../comments-text";
import { CommentEditForm, CommentForm, ModerationActions } from "./signed-in";

interface ItemProps {
  comment: Comment;
  post: { id: string; author: AuthorKey };
  viewer: Viewer | null;
  /** The comment the permalink points at. */
  highlighted: string | null;
  /** The item is gone after a delete: the section decides where keyboard focus lands. */
  onDeleted: () => void;
}

/** One comment: its text, permalink, actions, reply form, and (top-level) its replies. */
export function CommentItem({ comment, post, viewer, highlighted, onDeleted }: ItemProps) {
  const remove = useDeleteComment(post.id);
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<"edit" | "reply" | null>(null);
  // A '[deleted]' or '[hidden]' stand-in only holds its replies' place: nothing to act on.
  const standIn = isStandIn(comment);
  const canManage = !standIn && canManageComment(viewer, comment, post);

  // Keyboard users land back on the button that opened a form when it closes.
  useEffect(() => {
    if (editing || replying || !returnFocus.current) return;
    (returnFocus.current === "edit" ? editButton : replyButton).current?.focus();
    returnFocus.current = null;
  }, [editing, replying]);

  const closeEdit = () => {
    returnFocus.current = "edit";
    setEditing(false);
  };
  const closeReply = () => {
    returnFocus.current = "reply";
    setReplying(false);
  };

  const handleDelete = () => {
    if (!window.confirm(COMMENTS_TEXT.confirmDelete)) return;
    setError(null);
    remove.mutate(comment.id, {
      onSuccess: onDeleted,
      onError: () => {
        setError(COMMENTS_TEXT.deleteFailed);
        deleteButton.current?.focus();
      },
    });
  };

  const remote = comment.remote;
  const classes = ["comment"];
  if (highlighted === comment.id) classes.push("comment--highlighted");
  if (!standIn && (comment.hidden || comment.held)) classes.push("comment--muted");

  return (
    <li className={classes.join(" ")} id={commentAnchor(comment.id)} tabIndex={-1}>
      <div className="comment-body">
        <header className="comment-header">
          {/* From the social web: our copy of their avatar (never theirs), or their initials. */}
          {remote?.avatarUrl ? (
            <img className="comment-avatar" src={remote.avatarUrl} alt="" />
          ) : remote ? (
            <span className="comment-avatar" aria-hidden="true">
              {remote.initials}
            </span>
          ) : null}
          <strong className="comment-author">
            {remote?.profileUrl ? (
              <a href={remote.profileUrl} rel="nofollow ugc">
                {comment.author}
              </a>
            ) : (
              comment.author
            )}
          </strong>
          {/* From the account, not the name: a reader called 'him' gets no badge. */}
          {comment.isAuthor ? <span className="comment-badge">Author</span> : null}
          {comment.replyTo ? (
            <a className="comment-reply-to" href={`#${commentAnchor(comment.replyTo.id)}`}>
              replying to {comment.replyTo.author}
            </a>
          ) : null}
          <a className="comment-permalink" href={`#${commentAnchor(comment.id)}`}>
            <time className="comment-time" dateTime={comment.timestamp}>
              {formatTime(comment.timestamp)}
            </time>
          </a>
          {comment.hidden && !standIn ? <span className="comment-flag">Hidden</span> : null}
          {comment.held ? <span className="comment-flag">Awaiting approval</span> : null}
        </header>
        {editing ? (
          <CommentEditForm comment={comment} postId={post.id} onClose={closeEdit} />
        ) : (
          // Plain text, rendered as text (SPEC: comments are never HTML).
          <p className="comment-content">{comment.content}</p>
        )}
        {error ? (
          <p className="comment-error" role="alert">
            {error}
          </p>
        ) : null}
        {!editing && !standIn ? (
          <div className="comment-actions">
            {viewer && !comment.held ? (
              <button
                type="button"
                ref={replyButton}
                className="button button-ghost button-small"
                aria-expanded={replying}
                onClick={() => setReplying((open) => !open)}
              >
                Reply
              </button>
            ) : null}
            {canManage ? (
              <>
                <button
                  type="button"
                  ref={editButton}
                  className="button button-ghost button-small"
                  onClick={() => setEditing(true)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  ref={deleteButton}
                  className="button button-ghost button-small"
                  onClick={handleDelete}
                  disabled={remove.isPending}
                >
                  {remove.isPending ? "Deleting..." : "Delete"}
                </button>
              </>
            ) : null}
            {viewer ? <ModerationActions comment={comment} post={post} viewer={viewer} /> : null}
          </div>
        ) : null}
        {replying && viewer ? (
          <CommentForm
            postId={post.id}
            replyTo={{ id: comment.id, author: comment.author }}
            onDone={closeReply}
            onCancel={closeReply}
          />
        ) : null}
      </div>
      {comment.replies && comment.replies.length > 0 ? (
        <ul className="comment-replies" aria-label={`Replies to ${comment.author}`}>
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              post={post}
              viewer={viewer}
              highlighted={highlighted}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
