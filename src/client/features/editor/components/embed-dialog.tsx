import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { embedFromUrl } from "../../../../common/rules/embeds";
import "./link-dialog.css";

export const EMBED_REFUSED_TEXT = "This is not a YouTube or Vimeo video address.";
export const EMBED_HINT_TEXT =
  "A YouTube or Vimeo link. Readers see its poster and load the video only when they press play. Pasting the link into the text works too.";

interface Props {
  /** `embed` as stored (`youtube:{id}`, `vimeo:{id}`: common/rules/embeds.ts). */
  onSave: (embed: string) => void;
  /** Closed without a change (Cancel, Escape): focus goes back to the text. */
  onClose: () => void;
}

/** 'Embed': add a video at the caret, from its address (the link dialog's form and behaviour). */
export function EmbedDialog({ onSave, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    input.current?.focus();
    return () => d?.close();
  }, []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    // React passes a portal's events to its parents: this submit must not reach the post form.
    event.stopPropagation();
    const embed = embedFromUrl(url);
    if (!embed) {
      setError(EMBED_REFUSED_TEXT);
      input.current?.focus();
      return;
    }
    onSave(embed);
  };

  return createPortal(
    <dialog
      ref={dialog}
      className="link-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={save} noValidate>
        <h2 id={`${id}-title`} className="link-dialog-title">
          Embed a video
        </h2>
        <label className="field" htmlFor={`${id}-url`}>
          <span>Video address (URL)</span>
          <input
            className="input"
            id={`${id}-url`}
            ref={input}
            type="text"
            inputMode="url"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
          />
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {EMBED_HINT_TEXT}
        </p>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="link-dialog-buttons">
          <button type="submit" className="button">
            Embed
          </button>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
