import { useId, useState } from "react";

export type EditAction = "save" | "publish" | "schedule";

/** A datetime-local value (the author's local time) of a stored date. */
export const localDateTime = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const isFuture = (local: string) => !!local && new Date(local).getTime() > Date.now();

interface Props {
  busy: EditAction | null;
  /** Saved and on the way back to the blog: nothing more to press. */
  done: boolean;
  /** A draft or a scheduled post: 'Publish now' is offered. */
  unpublished: boolean;
  /** False for a take not yet revealed: it is published with its pair, never alone. */
  publishable: boolean;
  /** The scheduled time of a scheduled post ('' otherwise): where 'Publish at' starts. */
  scheduledAt: string;
  onPublishNow: () => void;
  onSchedule: (localDateTime: string) => void;
  onCancel: () => void;
  autosavedAt: Date | null;
}

/**
 * Inline edit mode's side panel actions, as on the new-post canvas: 'Save changes' (the form's
 * submit), 'Publish now' for a post not yet public, Cancel, and 'Publish at' with Schedule.
 */
export function EditActions(props: Props) {
  const { busy, done, unpublished, publishable, scheduledAt, onPublishNow, onSchedule, onCancel } = props;
  const id = useId();
  const [when, setWhen] = useState(scheduledAt);
  // A new future 'Publish at' means the author wants the post then: 'Save changes' schedules it
  // and says so, never leaves the chosen time unsaved without a word (as Publish does on /admin).
  const schedules = publishable && when !== scheduledAt && isFuture(when);
  const blocked = busy !== null || done;
  return (
    <div className="publish-actions">
      <div className="post-form-buttons">
        {/* Busy buttons keep focus: aria-disabled, not disabled (the handlers check `busy`). */}
        <button
          type="submit"
          className="button"
          aria-disabled={blocked}
          onClick={(e) => {
            if (!schedules) return;
            e.preventDefault();
            if (!blocked) onSchedule(when);
          }}
        >
          {busy === "save" ? "Saving..." : "Save changes"}
        </button>
        {unpublished && publishable ? (
          <button
            type="button"
            className="button button-ghost"
            aria-disabled={blocked}
            onClick={onPublishNow}
          >
            {busy === "publish" ? "Publishing..." : "Publish now"}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={busy !== null}
          onClick={() => {
            if (!busy) onCancel();
          }}
        >
          Cancel
        </button>
      </div>
      {publishable ? (
        <div className="schedule-row">
          <label htmlFor={`${id}-when`}>Publish at</label>
          <input
            className="input"
            id={`${id}-when`}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            aria-describedby={schedules ? `${id}-when-hint` : undefined}
          />
          <button
            type="button"
            className="button button-ghost"
            aria-disabled={blocked}
            onClick={() => {
              if (!blocked) onSchedule(when);
            }}
          >
            {busy === "schedule" ? "Saving..." : "Schedule"}
          </button>
        </div>
      ) : null}
      {schedules ? (
        <p id={`${id}-when-hint`} className="field-hint">
          {unpublished
            ? "Save changes will schedule the post for this time."
            : "Save changes will schedule the post for this time: readers no longer see it until then."}
        </p>
      ) : null}
      {unpublished ? (
        <p className="autosave-note">
          {props.autosavedAt ? `Draft saved at ${props.autosavedAt.toLocaleTimeString()}` : ""}
        </p>
      ) : null}
    </div>
  );
}
