import { type FormEvent, useId, useState } from "react";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { ApiError } from "../../../lib/api";
import { useChangeHandle, useSocialWebAccount, useSocialWebFollowers } from "../api/social-web";
import { PersonRow } from "./social-web-person";
import { FollowApproval } from "./social-web-requests";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** The author's address on the social web, its handle while nobody follows, and who follows. */
export function SocialWebFollowers() {
  const id = useId();
  const account = useSocialWebAccount();
  const followers = useSocialWebFollowers();
  const change = useChangeHandle();
  const [handle, setHandle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!handle?.trim() || change.isPending) return;
    setError(null);
    change.mutate(handle.trim(), {
      onSuccess: () => setHandle(null),
      onError: (e) =>
        setError(e instanceof ApiError ? e.message : "Failed to change the handle. Please try again."),
    });
  };
  const data = account.data;
  const people = followers.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="audience-social" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>On the social web</h2>
      {account.isPending ? (
        <p aria-busy="true">Loading...</p>
      ) : !data ? (
        <p role="alert">Failed to load your social-web account</p>
      ) : (
        <>
          <p>
            Readers on Mastodon and other apps follow you at <strong>{data.address}</strong>:{" "}
            {data.followers === 1 ? "1 follower" : `${data.followers} followers`}.
          </p>
          {data.oldAddresses.length > 0 ? (
            <p className="field-hint">
              Your earlier addresses still reach you: {data.oldAddresses.join(", ")}.
            </p>
          ) : null}
          {data.canChangeHandle ? (
            <form className="audience-handle" onSubmit={save} noValidate>
              <label className="field" htmlFor={`${id}-handle`}>
                <span>Handle</span>
                <input
                  id={`${id}-handle`}
                  type="text"
                  className="input"
                  value={handle ?? data.handle}
                  onChange={(e) => setHandle(e.target.value)}
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
                {change.isPending ? "Saving..." : "Save handle"}
              </button>
            </form>
          ) : null}
          <FollowApproval account={data} />
        </>
      )}
      {people.length > 0 ? (
        <>
          <h3>Followers on the social web ({followers.data?.pages[0]?.total ?? people.length})</h3>
          <ul className="audience-people" aria-label="Followers on the social web">
            {people.map((f) => (
              <PersonRow key={f.actorId} person={f} profileLink extra={`since ${formatDate(f.since)}`} />
            ))}
          </ul>
          <LoadMore
            {...nextPageOf(followers)}
            failedText="Failed to load more followers. Please try again."
            label="Show more followers"
            align="start"
          />
        </>
      ) : null}
    </section>
  );
}
