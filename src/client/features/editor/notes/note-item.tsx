import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { AuthorKey } from "../../../../common/limits";
import type { DraftNote } from "../../../../common/notes";
import { NoteForm } from "./note-form";

export const NOTE_GONE = "The words this note was about were deleted.";

interface Props {
  note: DraftNote;
  /** Whether its words are still in the document (resolved from its anchors). */
  found: boolean;
  me: AuthorKey | null;
  nameOf: (author: AuthorKey) => string;
  busy: boolean;
  onShow: () => void;
  onReply: (body: string) => Promise<void>;
  onResolve: (resolved: boolean) => void;
  onDelete: () => void;
  /** Delete one of `me`'s own replies. */
  onDeleteReply: (replyId: string) => void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One note: its words (or that they are gone), the note, its writer, its replies and its buttons. */
export function NoteItem(props: Props) {
  const { note, found, me, nameOf, busy, onShow, onReply, onResolve, onDelete, onDeleteReply } = props;
  const uid = useId();
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const closeReply = () => {
    // The form is gone at once (also after a save, outside any event): the button it replaced takes focus.
    flushSync(() => setReplying(false));
    replyButton.current?.focus();
  };
  return (
    <li className={`note note--${note.author}`} aria-labelledby={`${uid}-body`} data-note={note.id}>
      {found ? null : <p className="note-gone field-hint">{NOTE_GONE}</p>}
      {note.quote ? <blockquote className="note-quote">{note.quote}</blockquote> : null}
      <p id={`${uid}-body`} className="note-body">
        {note.body}
      </p>
      <p className="note-meta">
        {nameOf(note.author)} · <time dateTime={note.createdAt}>{when(note.createdAt)}</time>
        {note.resolvedAt && note.resolvedBy ? ` · resolved by ${nameOf(note.resolvedBy)}` : null}
      </p>
      {note.replies.length > 0 ? (
        <ul className="note-replies" aria-label={`Replies (${note.replies.length})`}>
          {note.replies.map((r) => (
            <li key={r.id} className={`note-reply note--${r.author}`}>
              <p className="note-body">{r.body}</p>
              <p className="note-meta">
                {nameOf(r.author)} · <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
                {r.author === me ? (
                  <>
                    {" "}
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label="Delete your reply"
                      aria-disabled={busy || undefined}
                      onClick={() => busy || onDeleteReply(r.id)}
                    >
                      Delete
                    </button>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {replying ? (
        <NoteForm
          label="Your reply"
          saveText="Save reply"
          onSave={async (body) => {
            await onReply(body);
            closeReply();
          }}
          onClose={closeReply}
        />
      ) : (
        <div className="note-actions">
          {found ? (
            <button type="button" className="button button-ghost button-small" onClick={onShow}>
              Show
            </button>
          ) : null}
          <button
            type="button"
            ref={replyButton}
            className="button button-ghost button-small"
            onClick={() => setReplying(true)}
          >
            Reply
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-disabled={busy || undefined}
            onClick={() => busy || onResolve(!note.resolvedAt)}
          >
            {note.resolvedAt ? "Reopen" : "Resolve"}
          </button>
          {note.author === me ? (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-disabled={busy || undefined}
              onClick={() => busy || onDelete()}
            >
              Delete
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}
