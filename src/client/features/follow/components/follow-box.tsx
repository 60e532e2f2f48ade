import { type FormEvent, useId, useRef, useState } from "react";
import { FOLLOW_TEXT } from "../../../../common/audience";
import { AUTHORS, type AuthorKey } from "../../../../common/limits";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { siteBlogName } from "../../../lib/shell-data";
import { useEarlyInput } from "../../../lib/use-early-input";
import { useFollow, useFollowing } from "../api/follow";
import "../follow.css";

export const FOLLOW_MESSAGES = {
  confirm: "Almost done: check your inbox and open the link to confirm. Nothing is sent before that.",
  following: "You're following. New posts will arrive by email.",
  failed: "Failed to follow. Please try again.",
} as const;

/** Follow him, her or both by email: a visitor types an address, a signed-in reader clicks once. */
export function FollowBox({ author }: { author?: AuthorKey }) {
  const { viewer } = useSession();
  const follow = useFollow();
  const following = useFollowing(!!viewer).data?.following ?? [];
  const [chosen, setChosen] = useState<AuthorKey[]>(author ? [author] : [...AUTHORS]);
  const [email, setEmail] = useState("");
  const emailField = useRef<HTMLInputElement>(null);
  useEarlyInput(emailField, email, (element) => setEmail(element.value));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();

  const toggle = (key: AuthorKey) =>
    setChosen((now) =>
      now.includes(key) ? now.filter((k) => k !== key) : AUTHORS.filter((k) => k === key || now.includes(k)),
    );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (chosen.length === 0) return setError(FOLLOW_TEXT.chooseBlog);
    if (!viewer && !email.trim()) return setError(FOLLOW_TEXT.emailRequired);
    follow.mutate(
      { authors: chosen, ...(viewer ? {} : { email: email.trim() }) },
      {
        onSuccess: (r) => {
          setDone(r.confirmationSent ? FOLLOW_MESSAGES.confirm : FOLLOW_MESSAGES.following);
          setEmail("");
        },
        onError: (e) =>
          setError(
            e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : FOLLOW_MESSAGES.failed,
          ),
      },
    );
  };

  const followsAll = viewer && chosen.length > 0 && chosen.every((k) => following.includes(k));
  return (
    <form className="follow-box" onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="follow-title">
        Follow by email
      </h2>
      <fieldset className="follow-authors">
        <legend>Get new posts from</legend>
        {AUTHORS.map((key) => (
          <label key={key}>
            <input type="checkbox" checked={chosen.includes(key)} onChange={() => toggle(key)} />{" "}
            {siteBlogName(key)}
          </label>
        ))}
      </fieldset>
      {viewer ? (
        <p className="follow-note">We'll email {viewer.email}.</p>
      ) : (
        <div className="follow-email">
          <label htmlFor={`${id}-email`}>Your email</label>
          <input
            id={`${id}-email`}
            ref={emailField}
            className="input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      )}
      <button type="submit" className="button" disabled={follow.isPending || !!followsAll}>
        {follow.isPending ? "Following..." : followsAll ? "Following" : "Follow"}
      </button>
      {error ? (
        <p id={`${id}-error`} className="follow-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="follow-done" role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}
