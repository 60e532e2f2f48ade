import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useProposePair } from "../api/takes";

const FAILED = "Failed to propose the two takes. Please try again.";

/** Start a two-takes post: the shared topic, an optional prompt and an optional reveal date. */
export function ProposePairForm({ onDone }: { onDone: (text: string) => void }) {
  const id = useId();
  const propose = useProposePair();
  const [topic, setTopic] = useState("");
  const [prompt, setPrompt] = useState("");
  const [revealAt, setRevealAt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    const at = revealAt ? new Date(revealAt) : null;
    if (at && Number.isNaN(at.getTime())) {
      setError("Choose a date and time for the reveal.");
      return;
    }
    setError(null);
    try {
      await propose.mutateAsync({ topic, prompt, revealAt: at ? at.toISOString() : null });
      setTopic("");
      setPrompt("");
      setRevealAt("");
      onDone(`Proposed "${topic.trim()}": your partner is asked to accept.`);
    } catch (e) {
      // The server's own words (a missing topic, a date that has passed) are shown as they are.
      setError(e instanceof ApiError && e.status < 500 ? e.message : FAILED);
    }
  };
  return (
    <form className="propose-pair-form" onSubmit={handleSubmit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`}>Propose two takes</h3>
      <label htmlFor={`${id}-topic`}>Topic</label>
      <input
        className="input"
        id={`${id}-topic`}
        value={topic}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setTopic(e.target.value)}
      />
      <label htmlFor={`${id}-prompt`}>Prompt (optional)</label>
      <input
        className="input"
        id={`${id}-prompt`}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
      />
      <label htmlFor={`${id}-reveal`}>Reveal date (optional)</label>
      <input
        className="input"
        id={`${id}-reveal`}
        type="datetime-local"
        value={revealAt}
        onChange={(e) => setRevealAt(e.target.value)}
      />
      <button type="submit" className="button" aria-disabled={propose.isPending}>
        {propose.isPending ? "Proposing..." : "Propose"}
      </button>
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
