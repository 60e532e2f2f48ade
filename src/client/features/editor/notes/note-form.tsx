import { useEffect, useId, useRef, useState } from "react";
import { NOTE_BODY_MAX_LENGTH } from "../../../../common/limits";
import { ApiError } from "../../../lib/api";

interface Props {
  label: string;
  saveText: string;
  /** Sends the text; a rejection keeps the form open with what was written and says why. */
  onSave: (body: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A note's or a reply's text: a labelled text area, Save and Cancel. Not a <form>: the panel sits
 * inside the post's and the page's own forms. Escape closes it; Ctrl/Cmd+Enter saves.
 */
export function NoteForm({ label, saveText, onSave, onClose }: Props) {
  const uid = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => area.current?.focus(), []);

  const save = async () => {
    if (busy) return;
    if (!body.trim()) {
      setError("Write the note first.");
      area.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(body);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status < 500
          ? e.message
          : "The note could not be saved. Your text is still here: try again.",
      );
      setBusy(false);
      area.current?.focus();
    }
  };

  return (
    <fieldset
      className="note-form"
      aria-labelledby={`${uid}-label`}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <label id={`${uid}-label`} htmlFor={`${uid}-body`}>
        {label}
      </label>
      <textarea
        id={`${uid}-body`}
        ref={area}
        className="input note-form-body"
        rows={3}
        maxLength={NOTE_BODY_MAX_LENGTH}
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${uid}-error` : undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
        }}
      />
      {error ? (
        <p id={`${uid}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="note-actions">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={save}>
          {busy ? "Saving…" : saveText}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
