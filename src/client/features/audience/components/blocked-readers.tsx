import { useEffect, useRef, useState } from "react";
import type { BlockedReader } from "../../../../common/engagement";
import { useBlockedReaders, useUnblock } from "../api/blocks";

export const BLOCKS_TEXT = {
  heading: "Blocked readers",
  empty: "No one is blocked from commenting on your blog.",
  loadFailed: "Failed to load blocked readers",
  unblockFailed: "Failed to unblock this reader. Please try again.",
  unblocked: (name: string) => `${name} can comment on your blog again.`,
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function BlockedItem({
  reader,
  onUnblocked,
}: {
  reader: BlockedReader;
  onUnblocked: (name: string) => void;
}) {
  const unblock = useUnblock();
  const button = useRef<HTMLButtonElement>(null);
  const nameId = `blocked-${reader.userId}`;
  // The button was disabled while busy (which drops focus): it takes it back, with the reason under it.
  useEffect(() => {
    if (unblock.isError) button.current?.focus();
  }, [unblock.isError]);
  return (
    <li className="inbox-item inbox-block">
      <p className="inbox-block-who">
        <strong id={nameId}>{reader.name}</strong>
        {reader.displayName ? ` (${reader.displayName})` : ""}
        <span className="inbox-meta">
          {" "}
          · blocked <time dateTime={reader.blockedAt}>{formatDate(reader.blockedAt)}</time>
        </span>
      </p>
      <button
        type="button"
        ref={button}
        className="button button-ghost button-small"
        aria-describedby={nameId}
        disabled={unblock.isPending}
        onClick={() => unblock.mutate(reader.userId, { onSuccess: () => onUnblocked(reader.name) })}
      >
        {unblock.isPending ? "Unblocking..." : "Unblock"}
      </button>
      {unblock.isError ? (
        <p className="inbox-error" role="alert">
          {BLOCKS_TEXT.unblockFailed}
        </p>
      ) : null}
    </li>
  );
}

/** /admin: the readers the author blocked from commenting on their blog, each with 'Unblock'. */
export function BlockedReaders() {
  const query = useBlockedReaders();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The unblocked reader's row goes: keyboard focus lands on the list's heading, the notice says what happened.
  const handleUnblocked = (name: string) => {
    setNotice(BLOCKS_TEXT.unblocked(name));
    heading.current?.focus();
  };
  return (
    <section className="inbox-blocks" aria-labelledby="blocked-readers-heading">
      <h2 id="blocked-readers-heading" ref={heading} tabIndex={-1}>
        {BLOCKS_TEXT.heading}
      </h2>
      <p className="inbox-status" role="status">
        {notice}
      </p>
      {query.isPending ? (
        <p className="inbox-status" aria-busy="true">
          Loading...
        </p>
      ) : query.isError ? (
        <p className="inbox-error" role="alert">
          {BLOCKS_TEXT.loadFailed}
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="inbox-status">{BLOCKS_TEXT.empty}</p>
      ) : (
        <ul className="inbox-list" aria-labelledby="blocked-readers-heading">
          {query.data.items.map((reader) => (
            <BlockedItem key={reader.userId} reader={reader} onUnblocked={handleUnblocked} />
          ))}
        </ul>
      )}
    </section>
  );
}
