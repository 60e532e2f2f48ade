import { useEffect, useRef, useState } from "react";

// SPEC §4 delete confirmation.
const DELETE_CONFIRM_TEXT = "Are you sure you want to delete this post?";

interface Props {
  postId: string;
  title: string;
  busy: boolean;
  onConfirm: () => Promise<void>;
}

/** Delete, asking first with SPEC's confirmation ('Yes, Delete' or 'Cancel'). */
export function DeletePostButton({ postId, title, busy, onConfirm }: Props) {
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (confirming && !el.open) {
      el.showModal();
      cancel.current?.focus();
    } else if (!confirming && el.open) el.close();
  }, [confirming]);
  const close = () => {
    setConfirming(false);
    button.current?.focus();
  };
  const textId = `delete-own-${postId}-text`;
  return (
    <>
      <button
        type="button"
        ref={button}
        className="button button-danger"
        aria-label={`Delete ${title}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby={textId}
        onCancel={(e) => {
          e.preventDefault();
          if (!busy) close();
        }}
      >
        <p id={textId}>{DELETE_CONFIRM_TEXT}</p>
        <div className="confirm-dialog-buttons">
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() => void onConfirm().finally(() => setConfirming(false))}
          >
            {busy ? "Deleting..." : "Yes, Delete"}
          </button>
          <button type="button" ref={cancel} className="button button-ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
