import { useId, useState } from "react";
import { LoadMore } from "../../../components/ui/load-more";
import {
  type SocialWebAccount,
  type SocialWebFollower,
  useApproveFollowers,
  useFollowRequests,
  useSettleFollowRequest,
} from "../api/social-web";

/** Our copy of a remote person's avatar, or their initials (never an image from their server). */
export function PersonAvatar({ person }: { person: SocialWebFollower }) {
  if (person.avatarUrl)
    return <img className="audience-avatar" src={person.avatarUrl} alt="" width={64} height={64} />;
  return (
    <span className="audience-avatar audience-avatar--initials" aria-hidden="true">
      {person.initials}
    </span>
  );
}

/** Issue 23: "Approve new followers from the social web", and the Follows waiting for it. */
export function FollowApproval({ account }: { account: SocialWebAccount }) {
  const id = useId();
  const approve = useApproveFollowers();
  const requests = useFollowRequests(account.approveFollowers || account.pendingFollowers > 0);
  const settle = useSettleFollowRequest();
  const [error, setError] = useState<string | null>(null);
  const act = (actorId: string, accept: boolean) => {
    setError(null);
    settle.mutate(
      { actorId, accept },
      { onError: () => setError("Failed to answer the request. Please try again.") },
    );
  };
  const pages = requests.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  return (
    <div className="audience-approval">
      <label className="send-options-check">
        <input
          type="checkbox"
          checked={approve.isPending ? !!approve.variables : account.approveFollowers}
          onChange={(e) => approve.mutate(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />{" "}
        Approve new followers from the social web
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {account.approveFollowers
          ? "New followers wait here until you accept them; they receive nothing before."
          : "New followers are accepted automatically."}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <>
          <h3>Waiting for approval ({pages[0]?.total ?? items.length})</h3>
          <ul className="audience-social-list" aria-label="Follow requests">
            {items.map((r) => (
              <li key={r.actorId}>
                <PersonAvatar person={r} />
                <span>
                  {r.name || r.handle} <span className="audience-social-meta">{r.handle}</span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-disabled={settle.isPending}
                  onClick={() => act(r.actorId, true)}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-disabled={settle.isPending}
                  onClick={() => act(r.actorId, false)}
                >
                  Reject
                </button>
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={requests.hasNextPage}
            loading={requests.isFetchingNextPage}
            failed={requests.isFetchNextPageError}
            failedText="Failed to load more requests. Please try again."
            label="More requests"
            align="start"
            onLoadMore={() => void requests.fetchNextPage()}
          />
        </>
      ) : null}
    </div>
  );
}
