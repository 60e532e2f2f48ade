import { useEffect, useRef } from "react";
import type { StoredDraft } from "../draft-storage";

interface Props {
  stored: StoredDraft;
  onContinue: () => void;
  onDiscard: () => void;
}

/** Reopening /admin offers to continue the unfinished post. */
export function ResumeOffer({ stored, onContinue, onDiscard }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const when = new Date(stored.savedAt).toLocaleString();
  return (
    <section className="resume-offer" aria-labelledby="resume-offer-heading">
      <h2 id="resume-offer-heading" ref={heading} tabIndex={-1}>
        Continue your unfinished post?
      </h2>
      <p>
        “{stored.value.title.trim() || "Untitled"}”, last changed {when}.
        {stored.draftId ? " It is saved as a draft." : ""}
      </p>
      <div className="post-form-buttons">
        <button type="button" className="button" onClick={onContinue}>
          Continue writing
        </button>
        <button type="button" className="button button-ghost" onClick={onDiscard}>
          Start a new post
        </button>
      </div>
    </section>
  );
}
