import { useId, useState } from "react";

export type FormAction = "publish" | "draft" | "schedule" | "preview";

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
        <button type="submit" className="button" aria-disabled={busy !== null}>
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
          id={`${id}-when`}
          type="datetime-local"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
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
      <p className="autosave-note">{savedAt ? `Draft saved at ${savedAt.toLocaleTimeString()}` : ""}</p>
    </div>
  );
}
