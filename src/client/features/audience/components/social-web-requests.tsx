import { useId, useRef, useState } from "react";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import {
  type SocialWebAccount,
  type SocialWebFollower,
  useApproveFollowers,
  useFollowRequests,
  useSettleFollowRequest,
} from "../api/social-web";
import { PersonRow } from "./social-web-person";

const FOLLOW_REQUESTS_TEXT = {
  failed: "Failed to answer the request. Please try again.",
  none: "No one is waiting.",
  accepted: (who: string) => `${who} now follows you.`,
  rejected: (who: string) => `${who} will not follow you.`,
} as const;

/** "Approve new followers from the social web", and the Follows waiting for it. */
export function FollowApproval({ account }: { account: SocialWebAccount }) {
  const id = useId();
  const approve = useApproveFollowers();
  const requests = useFollowRequests(account.approveFollowers || account.pendingFollowers > 0);
  const settle = useSettleFollowRequest();
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const act = (person: SocialWebFollower, accept: boolean) => {
    // One answer at a time: the buttons stay focusable (aria-disabled) but do nothing meanwhile.
    if (settle.isPending) return;
    setError(null);
    setNotice(null);
    const who = person.name || person.handle;
    settle.mutate(
      { actorId: person.actorId, accept },
      {
        onSuccess: () => {
          setNotice(accept ? FOLLOW_REQUESTS_TEXT.accepted(who) : FOLLOW_REQUESTS_TEXT.rejected(who));
          // The row is gone: keyboard focus lands on the list's heading, not on the page's start.
          heading.current?.focus();
        },
        onError: () => setError(FOLLOW_REQUESTS_TEXT.failed),
      },
    );
  };
  const pages = requests.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const total = pages[0]?.total ?? items.length;
  const answering = settle.isPending ? settle.variables : null;
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
      <p className="audience-notice" role="status">
        {notice}
      </p>
      {items.length > 0 || (account.approveFollowers && requests.isSuccess) ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            Waiting for approval ({total})
          </h3>
          {items.length === 0 ? <p className="field-hint">{FOLLOW_REQUESTS_TEXT.none}</p> : null}
          <ul className="audience-people" aria-label="Follow requests">
            {items.map((r) => {
              const busy = answering?.actorId === r.actorId;
              return (
                <PersonRow key={r.actorId} person={r}>
                  <button
                    type="button"
                    className="button button-small"
                    aria-disabled={settle.isPending}
                    onClick={() => act(r, true)}
                  >
                    {busy && answering?.accept ? "Accepting..." : "Accept"}
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-disabled={settle.isPending}
                    onClick={() => act(r, false)}
                  >
                    {busy && !answering?.accept ? "Rejecting..." : "Reject"}
                  </button>
                </PersonRow>
              );
            })}
          </ul>
          <LoadMore
            {...nextPageOf(requests)}
            failedText="Failed to load more requests. Please try again."
            label="Show more requests"
            align="start"
          />
        </>
      ) : null}
    </div>
  );
}
