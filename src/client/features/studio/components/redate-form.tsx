import { type FormEvent, useId, useState } from "react";

/** A Date as the value of a datetime-local input (the author's local time, to the minute). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface Props {
  /** A published post takes a time that has come; a scheduled one a time ahead. */
  status: "published" | "scheduled";
  date: string;
  title: string;
  busy: boolean;
  onSave: (publishedAt: string) => void;
  onCancel: () => void;
}

/**
 * A post's new publish date: for a published post a time that has come (a later one is a
 * schedule), for a scheduled post a time still ahead (one that has come is 'Publish now').
 */
export function RedateForm({ status, date, title, busy, onSave, onCancel }: Props) {
  const id = useId();
  const [when, setWhen] = useState(() => toLocalInput(date));
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) {
      setError("Choose a date and time.");
      return;
    }
    if (status === "published" && at.getTime() > Date.now()) {
      setError("A published post's date cannot be in the future: schedule it instead.");
      return;
    }
    if (status === "scheduled" && at.getTime() <= Date.now()) {
      setError("The publish time must be in the future.");
      return;
    }
    setError(null);
    onSave(at.toISOString());
  };
  return (
    <form
      className="redate-form"
      onSubmit={handleSubmit}
      aria-label={`Change the date of ${title}`}
      noValidate
    >
      <label htmlFor={`${id}-when`}>{status === "scheduled" ? "Publish at" : "Publish date"}</label>
      <input
        className="input"
        id={`${id}-when`}
        type="datetime-local"
        value={when}
        // Focus lands here when the form opens.
        // biome-ignore lint/a11y/noAutofocus: the author asked for this field by opening the form.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setWhen(e.target.value)}
      />
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? "Saving..." : "Save date"}
      </button>
      <button type="button" className="button button-ghost" onClick={onCancel}>
        Cancel
      </button>
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
