import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useBlockedServers, useBlockServer } from "../api/blocked-servers";

export const BLOCKED_SERVERS_TEXT = {
  heading: "Blocked servers",
  intro: "Nothing from a blocked server reaches your blog: no follows, replies, likes or reports.",
  empty: "No server is blocked.",
  loadFailed: "Failed to load blocked servers",
  failed: "That did not work. Please try again.",
  label: "Server to block (like mastodon.example)",
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** The social-web servers the blog refuses, with a form to add one and "Unblock" each. */
export function BlockedServers() {
  const id = useId();
  const query = useBlockedServers();
  const change = useBlockServer();
  const [host, setHost] = useState("");
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = change.isPending ? change.variables : null;
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : BLOCKED_SERVERS_TEXT.failed);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!host.trim() || change.isPending) return;
    setError(null);
    change.mutate({ host: host.trim(), block: true }, { onSuccess: () => setHost(""), onError: fail });
  };
  return (
    <section className="audience-social" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        {BLOCKED_SERVERS_TEXT.heading}
      </h2>
      <p>{BLOCKED_SERVERS_TEXT.intro}</p>
      <form className="audience-handle" onSubmit={add} noValidate>
        <label className="field" htmlFor={`${id}-host`}>
          <span>{BLOCKED_SERVERS_TEXT.label}</span>
          <input
            className="input"
            id={`${id}-host`}
            type="text"
            value={host}
            onChange={(e) => setHost(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </label>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" aria-disabled={change.isPending}>
          {pending?.block ? "Blocking..." : "Block server"}
        </button>
      </form>
      {query.isPending ? (
        <p aria-busy="true">Loading...</p>
      ) : query.isError ? (
        <p role="alert">{BLOCKED_SERVERS_TEXT.loadFailed}</p>
      ) : query.data.items.length === 0 ? (
        <p>{BLOCKED_SERVERS_TEXT.empty}</p>
      ) : (
        <ul className="audience-people" aria-label={BLOCKED_SERVERS_TEXT.heading}>
          {query.data.items.map((s) => (
            <li key={s.host} className="audience-person audience-person--plain">
              <span className="audience-person-who">
                <strong>{s.host}</strong>
                <span className="audience-social-meta">since {formatDate(s.since)}</span>
              </span>
              <span className="audience-person-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { host: s.host, block: false },
                      // The row is gone: focus goes to the list's heading, not the page's start.
                      { onSuccess: () => heading.current?.focus(), onError: fail },
                    )
                  }
                >
                  {pending && !pending.block && pending.host === s.host ? "Unblocking..." : "Unblock"}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
