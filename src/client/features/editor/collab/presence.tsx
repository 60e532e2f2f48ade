import { useEffect, useId, useRef, useState } from "react";
import type { CollabState, Peer } from "./use-collab";
import "./collab.css";

const PHASE_TEXT = {
  connecting: "Connecting to the shared draft…",
  live: "Live: your changes are shared as you type.",
  offline: "Offline: keep writing; your changes are kept and shared when the connection is back.",
} as const;

/** Joins and leaves, in words for the live region. */
function changes(before: Peer[], after: Peer[]): string {
  const names = (list: Peer[]) => new Set(list.map((p) => p.name));
  const was = names(before);
  const now = names(after);
  const joined = [...now].filter((n) => !was.has(n)).map((n) => `${n} joined.`);
  const left = [...was].filter((n) => !now.has(n)).map((n) => `${n} left.`);
  return [...joined, ...left].join(" ");
}

/**
 * Who is in the document (a labelled list: this author, then the partner's tabs by name), the
 * connection's state, and joins and leaves read out politely.
 */
export function CollabPresence({ collab }: { collab: CollabState }) {
  const uid = useId();
  const { phase, user, peers, notice } = collab;
  const previous = useRef<Peer[]>([]);
  const [announced, setAnnounced] = useState("");

  useEffect(() => {
    const said = changes(previous.current, peers);
    previous.current = peers;
    if (said) setAnnounced(said);
  }, [peers]);

  // One entry a person: the partner with two tabs open is listed once.
  const others = peers.filter((p, n) => peers.findIndex((q) => q.name === p.name) === n);
  return (
    <div className="collab-presence">
      {phase !== "alone" ? (
        <>
          <span id={`${uid}-label`} className="collab-presence-label">
            In this document
          </span>
          <ul className="collab-presence-list" aria-labelledby={`${uid}-label`}>
            {user ? (
              <li className={`collab-person collab-person--${user.author}`}>{user.name} (you)</li>
            ) : null}
            {others.map((p) => (
              <li key={p.clientId} className={`collab-person collab-person--${p.author}`}>
                {p.name}
              </li>
            ))}
          </ul>
          <p className="collab-phase field-hint" role="status">
            {PHASE_TEXT[phase]}
          </p>
        </>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      {notice ? (
        <p
          className={notice.kind === "error" ? "form-error" : "field-hint"}
          role={notice.kind === "error" ? "alert" : "status"}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
