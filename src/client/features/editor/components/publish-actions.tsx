import { useId, useState } from "react";

export type FormAction = "publish" | "draft" | "schedule" | "preview";

/** A filled 'Publish at' still to come (datetime-local is the author's local time). */
const isFuture = (local: string) => !!local && new Date(local).getTime() > Date.now();

interface Props {
  busy: FormAction | null;
  onDraft: () => void;
  onPreview: () => void;
  onSchedule: (localDateTime: string) => void;
  savedAt: Date | null;
}

/** Publish (the form's submit), Save draft, Preview, and Schedule at a date and time. */
export function PublishActions({ busy, onDraft, onPreview, onSchedule, savedAt }: Props) {
  const id = useId();
  const [when, setWhen] = useState("");
  // Busy buttons keep focus: aria-disabled, not disabled (the handlers check `busy`).
  const label = (action: FormAction, idle: string, working: string) => (busy === action ? working : idle);
  return (
    <div className="publish-actions">
      <div className="post-form-buttons">
        <button
          type="submit"
          className="button"
          aria-disabled={busy !== null}
          onClick={(e) => {
            // A future 'Publish at' means the author wants the post then: Publish schedules it
            // and says so, never publishes at once without a word. An Enter in a
            // field submits through this click too.
            if (!isFuture(when)) return;
            e.preventDefault();
            onSchedule(when);
          }}
        >
          {label("publish", "Publish", "Publishing...")}
        </button>
        <button type="button" className="button button-ghost" aria-disabled={busy !== null} onClick={onDraft}>
          {label("draft", "Save draft", "Saving...")}
        </button>
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={busy !== null}
          onClick={onPreview}
        >
          Preview
        </button>
      </div>
      <div className="schedule-row">
        <label htmlFor={`${id}-when`}>Publish at</label>
        <input
          className="input"
          id={`${id}-when`}
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          aria-describedby={isFuture(when) ? `${id}-when-hint` : undefined}
        />
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={busy !== null}
          onClick={() => onSchedule(when)}
        >
          {label("schedule", "Schedule", "Saving...")}
        </button>
      </div>
      {isFuture(when) ? (
        <p id={`${id}-when-hint`} className="field-hint">
          Publish will schedule the post for this time.
        </p>
      ) : null}
      <p className="autosave-note">{savedAt ? `Draft saved at ${savedAt.toLocaleTimeString()}` : ""}</p>
    </div>
  );
}
