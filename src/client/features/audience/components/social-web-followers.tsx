import { type FormEvent, useId, useState } from "react";
import { LoadMore } from "../../../components/ui/load-more";
import { ApiError } from "../../../lib/api";
import { useChangeHandle, useSocialWebAccount, useSocialWebFollowers } from "../api/social-web";
import { FollowApproval, PersonAvatar } from "./social-web-requests";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** Issue 23: the author's address on the social web, its handle while nobody follows, and who follows. */
export function SocialWebFollowers() {
  const id = useId();
  const account = useSocialWebAccount();
  const followers = useSocialWebFollowers();
  const people = followers.data?.pages.flatMap((page) => page.items) ?? [];
  const change = useChangeHandle();
  const [handle, setHandle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!handle?.trim()) return;
    setError(null);
    change.mutate(handle.trim(), {
      onSuccess: () => setHandle(null),
      onError: (e) =>
        setError(e instanceof ApiError ? e.message : "Failed to change the handle. Please try again."),
    });
  };
  const data = account.data;
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
                  className="input"
                  id={`${id}-handle`}
                  type="text"
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
        <ul className="audience-social-list">
          {people.map((f) => (
            <li key={f.actorId}>
              <PersonAvatar person={f} />
              <a href={f.actorId} rel="noopener noreferrer nofollow" target="_blank">
                {f.name || f.handle}
              </a>{" "}
              <span className="audience-social-meta">
                {f.handle} · since {formatDate(f.since)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore
        hasMore={followers.hasNextPage}
        loading={followers.isFetchingNextPage}
        failed={followers.isFetchNextPageError}
        failedText="Failed to load more followers. Please try again."
        label="More followers"
        align="start"
        onLoadMore={() => void followers.fetchNextPage()}
      />
    </section>
  );
}
