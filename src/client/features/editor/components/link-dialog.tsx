import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { hrefFromInput } from "../visual/link";
import "./link-dialog.css";

export interface LinkDraft {
  href: string;
  newTab: boolean;
  /** The caret is on a link: it can be removed. */
  existing: boolean;
  /** Nothing is selected: the dialog asks for the link's text too. */
  withText?: boolean;
}

interface Props {
  draft: LinkDraft;
  /** `text`: what to insert, linked (only when the draft asks for it; the address when left empty). */
  onSave: (href: string, newTab: boolean, text: string) => void;
  onRemove: () => void;
  /** Closed without a change (Cancel, Escape): focus goes back to the text. */
  onClose: () => void;
}

/**
 * Add or edit a link: a modal dialog (focus stays in it, Escape closes), outside the
 * post form (a form may not hold another). An address the allowlist refuses (`javascript:`,
 * `data:`…) is explained in the dialog, tied to the field, and nothing is changed.
 */
export function LinkDialog({ draft, onSave, onRemove, onClose }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [href, setHref] = useState(draft.href);
  const [newTab, setNewTab] = useState(draft.newTab);
  const [text, setText] = useState("");
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
    const result = hrefFromInput(href, window.location.origin);
    if ("error" in result) {
      setError(result.error);
      input.current?.focus();
      return;
    }
    onSave(result.href, newTab, text.trim() || href.trim());
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
          {draft.existing ? "Edit link" : "Add a link"}
        </h2>
        <label className="field" htmlFor={`${id}-href`}>
          <span>Link address (URL)</span>
          <input
            className="input"
            id={`${id}-href`}
            ref={input}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://"
            value={href}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setHref(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {draft.withText ? (
          <label className="field" htmlFor={`${id}-text`}>
            <span>Text to show</span>
            <input
              className="input"
              id={`${id}-text`}
              type="text"
              value={text}
              placeholder="The address, when left empty"
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        ) : null}
        <label className="link-dialog-check" htmlFor={`${id}-tab`}>
          <input
            id={`${id}-tab`}
            type="checkbox"
            checked={newTab}
            onChange={(e) => setNewTab(e.target.checked)}
          />
          Open in a new tab
        </label>
        <div className="link-dialog-buttons">
          <button type="submit" className="button">
            Save
          </button>
          {draft.existing ? (
            <button type="button" className="button button-ghost" onClick={onRemove}>
              Remove
            </button>
          ) : null}
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
