import { type FormEvent, useId, useRef, useState } from "react";
import type { BlueskyStatus } from "../../../../common/api";
import { ApiError } from "../../../lib/api";
import { useBluesky, useConnectBluesky, useDisconnectBluesky } from "../api/bluesky";

export const BLUESKY_TEXT = {
  heading: "Bluesky",
  intro:
    "Connect your own Bluesky account: each post you publish from then on appears there as a card linking to it, and in your account's standard.site records.",
  handle: "Your Bluesky handle (like alice.bsky.social)",
  appPassword: "App password",
  appPasswordHint:
    "Make one in Bluesky under Settings → Privacy and security → App passwords. Never your account password. It is kept sealed and never shown again.",
  connect: "Connect",
  connecting: "Connecting...",
  disconnect: "Disconnect",
  disconnecting: "Disconnecting...",
  connectedAs: "Connected as",
  disconnectNote: "Disconnecting ends Duet's access. What was published stays on Bluesky.",
  loadFailed: "Failed to load your Bluesky connection",
  failed: "That did not work. Please try again.",
  missing: "Give your handle and an app password.",
} as const;

type Account = NonNullable<BlueskyStatus["account"]>;

/** The Audience page's Bluesky section: connect the author's own account, or show it and disconnect. */
export function BlueskyAccount() {
  const id = useId();
  const query = useBluesky();
  return (
    <section className="audience-social" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{BLUESKY_TEXT.heading}</h2>
      <p>{BLUESKY_TEXT.intro}</p>
      {query.isPending ? (
        <p aria-busy="true">Loading...</p>
      ) : query.isError ? (
        <p role="alert">{BLUESKY_TEXT.loadFailed}</p>
      ) : query.data.account ? (
        <Connected account={query.data.account} />
      ) : (
        <ConnectForm />
      )}
    </section>
  );
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : BLUESKY_TEXT.failed);

function Connected({ account }: { account: Account }) {
  const disconnect = useDisconnectBluesky();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <p>
        {BLUESKY_TEXT.connectedAs} <strong>@{account.handle}</strong>
      </p>
      {account.lastError ? (
        <p className="form-error" role="alert">
          {account.lastError}
        </p>
      ) : null}
      <p className="audience-social-meta">{BLUESKY_TEXT.disconnectNote}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-ghost"
        aria-disabled={disconnect.isPending}
        onClick={() => {
          if (disconnect.isPending) return;
          setError(null);
          disconnect.mutate(undefined, { onError: (e) => setError(errorText(e)) });
        }}
      >
        {disconnect.isPending ? BLUESKY_TEXT.disconnecting : BLUESKY_TEXT.disconnect}
      </button>
    </div>
  );
}

function ConnectForm() {
  const id = useId();
  const connect = useConnectBluesky();
  const [handle, setHandle] = useState("");
  const [appPassword, setAppPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handleInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    if (!handle.trim() || !appPassword.trim()) {
      setError(BLUESKY_TEXT.missing);
      handleInput.current?.focus();
      return;
    }
    setError(null);
    connect.mutate(
      { handle: handle.trim(), appPassword: appPassword.trim() },
      // The app password leaves the page's memory whatever the answer.
      { onSettled: () => setAppPassword(""), onError: (e) => setError(errorText(e)) },
    );
  };
  const described = error ? `${id}-error` : undefined;
  return (
    <form className="audience-handle" onSubmit={submit} noValidate aria-busy={connect.isPending}>
      <label className="field" htmlFor={`${id}-handle`}>
        <span>{BLUESKY_TEXT.handle}</span>
        <input
          ref={handleInput}
          className="input"
          id={`${id}-handle`}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </label>
      <label className="field" htmlFor={`${id}-password`}>
        <span>{BLUESKY_TEXT.appPassword}</span>
        <input
          className="input"
          id={`${id}-password`}
          type="password"
          autoComplete="off"
          value={appPassword}
          onChange={(e) => setAppPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, described].filter(Boolean).join(" ")}
        />
      </label>
      <p id={`${id}-hint`} className="audience-social-meta">
        {BLUESKY_TEXT.appPasswordHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" aria-disabled={connect.isPending}>
        {connect.isPending ? BLUESKY_TEXT.connecting : BLUESKY_TEXT.connect}
      </button>
    </form>
  );
}
