import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { COMMENT_TOO_LONG_MESSAGE, type Comment } from "../../../../common/engagement";
import { type AuthorKey, COMMENT_MAX_LENGTH } from "../../../../common/limits";
import { canManageComment } from "../../../../common/policies";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../auth/session";
import { useAddComment, useComments, useDeleteComment, useUpdateComment } from "../api/comments";
import "../comments.css";

// SPEC §8 comment messages.
export const COMMENTS_TEXT = {
  empty: "No comments yet. Be the first to comment!",
  loggedOut: "Please log in to post a comment",
  blank: "Comment cannot be empty",
  loadFailed: "Failed to load comments",
  postFailed: "Failed to post comment",
  updateFailed: "Failed to update comment",
  deleteFailed: "Failed to delete comment",
  confirmDelete: "Are you sure you want to delete this comment?",
} as const;

/** A refused input keeps the server's clear message (e.g. the length limit); anything else is SPEC's failure text. */
const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && (error.status === 400 || error.status === 401) ? error.message : fallback;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function NewCommentForm({ postId }: { postId: string }) {
  const add = useAddComment(postId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    // SPEC §5: trimmed text must not be empty.
    const content = text.trim();
    if (!content) {
      setError(COMMENTS_TEXT.blank);
      return;
    }
    if (content.length > COMMENT_MAX_LENGTH) {
      setError(COMMENT_TOO_LONG_MESSAGE(COMMENT_MAX_LENGTH));
      return;
    }
    add.mutate(content, {
      onSuccess: () => setText(""),
      onError: (e) => setError(failureText(e, COMMENTS_TEXT.postFailed)),
    });
  };

  return (
    <form className="comment-form" onSubmit={handleSubmit} noValidate>
      <label htmlFor={id}>Add a comment</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p className="comment-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? "Posting..." : "Post Comment"}
      </button>
    </form>
  );
}

function CommentItem({
  comment,
  postId,
  canManage,
  onDeleted,
}: {
  comment: Comment;
  postId: string;
  canManage: boolean;
  /** The item is gone after a delete: the section decides where keyboard focus lands. */
  onDeleted: () => void;
}) {
  const update = useUpdateComment(postId);
  const remove = useDeleteComment(postId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const editBox = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Keyboard users land in the edit box when they open it, and back on Edit when it closes.
  useEffect(() => {
    const box = editBox.current;
    if (editing && box) {
      box.focus();
      // Caret after the text, where a correction or an addition usually goes.
      box.setSelectionRange(box.value.length, box.value.length);
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const closeEdit = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const handleEdit = () => {
    // SPEC §4: Edit loads the text into an edit form.
    setDraft(comment.content);
    setError(null);
    setEditing(true);
  };

  const handleSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const content = draft.trim();
    if (!content) {
      setError(COMMENTS_TEXT.blank);
      return;
    }
    if (content.length > COMMENT_MAX_LENGTH) {
      setError(COMMENT_TOO_LONG_MESSAGE(COMMENT_MAX_LENGTH));
      return;
    }
    update.mutate(
      { id: comment.id, content },
      {
        onSuccess: closeEdit,
        onError: (e) => {
          setError(failureText(e, COMMENTS_TEXT.updateFailed));
          editBox.current?.focus();
        },
      },
    );
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

  return (
    <li className="comment">
      <div className="comment-body">
        <header className="comment-header">
          <strong className="comment-author">{comment.author}</strong>
          {/* From the account, not the name: a reader called 'him' gets no badge. */}
          {comment.isAuthor ? <span className="comment-badge">Author</span> : null}
          <time className="comment-time" dateTime={comment.timestamp}>
            {formatTime(comment.timestamp)}
          </time>
        </header>
        {editing ? (
          <form className="comment-form" onSubmit={handleSave} noValidate>
            <label htmlFor={id}>Edit comment</label>
            <textarea
              ref={editBox}
              id={id}
              rows={3}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <div className="comment-actions">
              <button type="submit" className="button" disabled={update.isPending}>
                {update.isPending ? "Saving..." : "Save"}
              </button>
              <button type="button" className="button button-ghost" onClick={closeEdit}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          // Plain text, rendered as text (SPEC: comments are never HTML).
          <p className="comment-content">{comment.content}</p>
        )}
        {error ? (
          <p className="comment-error" role="alert">
            {error}
          </p>
        ) : null}
        {canManage && !editing ? (
          <div className="comment-actions">
            <button
              type="button"
              ref={editButton}
              className="button button-ghost button-small"
              onClick={handleEdit}
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
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** SPEC §2 post page: the comments, newest first, and the form to add one. */
export function CommentsSection({ post }: { post: { id: string; author: AuthorKey } }) {
  const { viewer } = useSession();
  const location = useLocation();
  const query = useComments(post.id);
  const comments = query.data?.pages.flatMap((p) => p.items) ?? [];
  const from = `${location.pathname}${location.search}`;
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading" ref={heading} tabIndex={-1}>
        Comments
      </h2>
      {viewer ? (
        <NewCommentForm postId={post.id} />
      ) : (
        <div className="comments-login">
          <p>{COMMENTS_TEXT.loggedOut}</p>
          <Link className="button" to={`/login?from=${encodeURIComponent(from)}`} state={{ from }}>
            Log In
          </Link>
        </div>
      )}
      {query.isPending ? (
        <p className="comments-status" aria-busy="true">
          Loading comments...
        </p>
      ) : query.isError ? (
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
              postId={post.id}
              canManage={canManageComment(viewer ?? null, c, post)}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-ghost"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? "Loading..." : "Load more comments"}
        </button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p className="comment-error" role="alert">
          {COMMENTS_TEXT.loadFailed}
        </p>
      ) : null}
    </section>
  );
}
