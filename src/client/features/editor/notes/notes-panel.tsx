import type { Editor } from "@tiptap/core";
import { useEffect, useId, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { DraftNote, NoteKind } from "../../../../common/notes";
import { useAuthorNames } from "../../../lib/author-names";
import type { CollabState } from "../collab/use-collab";
import { bindingOf, encodeAnchor, type NoteAnchor, quoteOf, resolveAnchor } from "./anchors";
import { useChangeNote, useNotes } from "./api";
import { NoteForm } from "./note-form";
import { NoteItem } from "./note-item";
import { useNotesSignal } from "./signal";
import "./notes.css";

export const NOTES_TEXT = {
  added: "Note added.",
  replied: "Reply added.",
  resolved: "Note resolved.",
  reopened: "Note reopened.",
  deleted: "Note deleted.",
  shown: "The note's words are selected in the editor.",
  selectFirst: "Select words in the text first, then add a note about them.",
  confirmDelete: "Delete this note and its replies?",
  confirmDeleteReply: "Delete your reply?",
  replyDeleted: "Reply deleted.",
  failed: "That did not work. Please try again.",
};

/** A phone starts with the notes folded, as the post's settings; a wider screen shows them. */
const startsOpen = () => typeof window === "undefined" || window.matchMedia("(min-width: 900px)").matches;

interface Props {
  kind: NoteKind;
  docId: string;
  collab: CollabState;
  editor: Editor;
}

/**
 * Notes in the margin (docs/writing-together.md): the document's notes, open ones first, each
 * found in the live document by its anchors; "Add a note" on the selected words.
 */
export function NotesPanel({ kind, docId, collab, editor }: Props) {
  const uid = useId();
  const notes = useNotes(kind, docId);
  const nameOf = useAuthorNames();
  const tell = useNotesSignal(collab.session?.provider.awareness ?? null, kind, docId);
  const change = useChangeNote(kind, docId, tell);
  const [open, setOpen] = useState(startsOpen);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ anchor: NoteAnchor; quote: string } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The document changes (typing, the partner's changes, the selection): the notes are found again.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    editor.on("transaction", rerender);
    return () => void editor.off("transaction", rerender);
  }, [editor]);

  const binding = bindingOf(editor.state);
  const { from, to, empty } = editor.state.selection;
  const where = (note: DraftNote) => (binding ? resolveAnchor(binding, note.anchor) : null);
  const all = notes.data ?? [];
  const openNotes = all.filter((n) => !n.resolvedAt);
  const resolved = all.filter((n) => n.resolvedAt);

  // A change made after a save (outside any event) is drawn at once, then focus moves onto what stays.
  const closeThen = (el: { current: HTMLElement | null }, update = () => setAdding(null)) => {
    flushSync(update);
    el.current?.focus();
  };
  const say = (text: string) => {
    setError(null);
    setStatus(text);
  };
  const run = async (c: Parameters<typeof change.mutateAsync>[0], done: string) => {
    try {
      await change.mutateAsync(c);
      say(done);
      closeThen(heading, () => undefined);
    } catch (e) {
      setError(e instanceof Error ? e.message : NOTES_TEXT.failed);
    }
  };

  const startAdding = () => {
    if (empty || !binding) {
      say(NOTES_TEXT.selectFirst);
      return;
    }
    setAdding({ anchor: encodeAnchor(binding, from, to), quote: quoteOf(editor.state.doc, from, to) });
  };
  const closeAdding = () => {
    closeThen(addButton);
  };

  const item = (note: DraftNote) => {
    const at = where(note);
    return (
      <NoteItem
        key={note.id}
        note={note}
        found={!!at}
        me={collab.user?.author ?? null}
        nameOf={nameOf}
        busy={change.isPending}
        onShow={() => {
          if (!at) return;
          editor.chain().focus().setTextSelection(at).scrollIntoView().run();
          say(NOTES_TEXT.shown);
        }}
        onReply={async (body) => {
          await change.mutateAsync({ kind: "reply", id: note.id, body });
          say(NOTES_TEXT.replied);
        }}
        onResolve={(r) =>
          run({ kind: "resolve", id: note.id, resolved: r }, r ? NOTES_TEXT.resolved : NOTES_TEXT.reopened)
        }
        onDelete={() => {
          if (window.confirm(NOTES_TEXT.confirmDelete))
            void run({ kind: "delete", id: note.id }, NOTES_TEXT.deleted);
        }}
        onDeleteReply={(replyId) => {
          if (window.confirm(NOTES_TEXT.confirmDeleteReply))
            void run({ kind: "delete", id: replyId }, NOTES_TEXT.replyDeleted);
        }}
      />
    );
  };

  return (
    <section className="notes-panel" aria-labelledby={`${uid}-h`}>
      <details className="notes-box" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 id={`${uid}-h`} ref={heading} tabIndex={-1} className="notes-heading">
            Notes{openNotes.length ? ` (${openNotes.length} open)` : ""}
          </h2>
        </summary>
        {adding ? (
          <div className="note-adding">
            {adding.quote ? <blockquote className="note-quote">{adding.quote}</blockquote> : null}
            <NoteForm
              label="Your note on the selected words"
              saveText="Save note"
              onSave={async (body) => {
                await change.mutateAsync({ kind: "create", ...adding, body });
                say(NOTES_TEXT.added);
                closeThen(addButton);
              }}
              onClose={closeAdding}
            />
          </div>
        ) : (
          <>
            <button
              type="button"
              ref={addButton}
              className="button button-small"
              aria-disabled={empty || undefined}
              aria-describedby={empty ? `${uid}-hint` : undefined}
              onClick={startAdding}
            >
              Add a note
            </button>
            {empty ? (
              <small id={`${uid}-hint`} className="field-hint">
                {NOTES_TEXT.selectFirst}
              </small>
            ) : null}
          </>
        )}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {notes.isError ? (
          <p className="form-error" role="alert">
            The notes could not be loaded: {notes.error.message}
          </p>
        ) : null}
        {openNotes.length ? (
          <ul className="notes-list" aria-label="Open notes">
            {openNotes.map(item)}
          </ul>
        ) : notes.isSuccess ? (
          <p className="field-hint">No open notes.</p>
        ) : null}
        {resolved.length ? (
          <details className="notes-resolved">
            <summary>Resolved ({resolved.length})</summary>
            <ul className="notes-list" aria-label="Resolved notes">
              {resolved.map(item)}
            </ul>
          </details>
        ) : null}
      </details>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  );
}
