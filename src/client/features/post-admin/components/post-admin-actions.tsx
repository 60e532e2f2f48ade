import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { canManagePost } from "../../../../common/policies";
import type { BlogPost, Viewer } from "../../../../common/types";
import { useDeletePost } from "../api/delete-post";
import { ShareToggle } from "./share-toggle";

// SPEC §4 / §8 delete texts.
export const DELETE_CONFIRM_TEXT = "Are you sure you want to delete this post?";
export const DELETE_FAILURE_TEXT = "Failed to delete post. Please try again.";

interface Props {
  post: BlogPost;
  viewer: Viewer | null | undefined;
  /** Where the author's blog is: the view goes there after a delete. */
  blogPath: string;
  onEdit: () => void;
  /** Focus the Edit button when shown (back from a cancelled edit). */
  focusEdit?: boolean;
  /** Draft sharing (decision 0050), from the preview's reading data; absent: not shared. */
  share?: "owner" | "partner";
  /** A take not yet revealed: never shared. */
  sealed?: boolean;
}

/**
 * Edit and delete, shown only to the account tied to the post's author (SPEC §6), with "Share
 * with {partner}" on a draft or scheduled post; the partner of a shared draft gets Edit alone.
 */
export function PostAdminActions({ post, viewer, blogPath, onEdit, focusEdit, share, sealed }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const remove = useDeletePost(post.id);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (confirming && !el.open) {
      el.showModal();
      cancelButton.current?.focus();
    } else if (!confirming && el.open) {
      el.close();
    }
  }, [confirming]);

  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);

  const partner = share === "partner";
  if (!canManagePost(viewer ?? null, post) && !partner) return null;

  const close = () => {
    setConfirming(false);
    deleteButton.current?.focus();
  };

  const handleDelete = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove.mutateAsync();
      setConfirming(false);
      navigate(blogPath);
    } catch {
      setConfirming(false);
      setError(DELETE_FAILURE_TEXT);
      deleteButton.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="post-admin-actions">
      <button type="button" ref={editButton} className="button button-ghost" onClick={onEdit}>
        Edit
      </button>
      {partner ? null : (
        <button
          type="button"
          ref={deleteButton}
          className="button button-danger"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          Delete
        </button>
      )}
      {!partner && !sealed && post.status !== "published" ? (
        <ShareToggle post={post} shared={share === "owner"} />
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={`delete-${post.id}-text`}
        onCancel={(e) => {
          e.preventDefault();
          if (!busy) close();
        }}
      >
        <p id={`delete-${post.id}-text`}>{DELETE_CONFIRM_TEXT}</p>
        <div className="confirm-dialog-buttons">
          <button type="button" className="button button-danger" onClick={handleDelete} disabled={busy}>
            Yes, Delete
          </button>
          <button
            type="button"
            ref={cancelButton}
            className="button button-ghost"
            onClick={close}
            disabled={busy}
          >
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}
