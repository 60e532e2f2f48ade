import { type FormEvent, useId, useRef, useState } from "react";
import { audienceCsv, urlOf } from "../../../../common/api";
import {
  AUDIENCE_PAGE_SIZE,
  type AudienceFollower,
  FOLLOWER_STATUSES,
  type FollowerStatus,
} from "../../../../common/audience-page";
import { type AudienceQuery, useAudience, useRemoveFollower } from "../api/audience";
import { BlockedReaders } from "./blocked-readers";
import { BlockedServers } from "./blocked-servers";
import { BlueskyAccount } from "./bluesky-account";
import { FollowersChart } from "./followers-chart";
import { ImportForm } from "./import-form";
import { SocialWebFollowers } from "./social-web-followers";
import "../audience.css";

export const AUDIENCE_PAGE_TEXT = {
  heading: "Audience",
  loadFailed: "Failed to load your followers",
  removeFailed: "Failed to remove this follower. Please try again.",
  empty: "No one follows your blog by email yet.",
  noMatch: "No follower matches this search.",
  removed: (email: string) => `${email} no longer follows your blog.`,
} as const;

export const STATUS_LABEL: Record<FollowerStatus, string> = {
  pending: "Pending",
  active: "Active",
  bouncing: "Bouncing",
  unsubscribed: "Unsubscribed",
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function FollowerRow({
  follower,
  onRemoved,
}: {
  follower: AudienceFollower;
  onRemoved: (email: string) => void;
}) {
  const remove = useRemoveFollower();
  const emailId = `follower-${follower.id}`;
  return (
    <li className="audience-row">
      <span id={emailId} className="audience-email">
        {follower.email}
      </span>
      <span className={`audience-status audience-status--${follower.status}`}>
        {STATUS_LABEL[follower.status]}
      </span>
      <span className="audience-date">
        since <time dateTime={follower.createdAt}>{formatDate(follower.createdAt)}</time>
      </span>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-describedby={emailId}
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Remove ${follower.email} from your followers?`))
            remove.mutate(follower.id, { onSuccess: () => onRemoved(follower.email) });
        }}
      >
        {remove.isPending ? "Removing..." : "Remove"}
      </button>
      {follower.status === "bouncing" && follower.bounceReason ? (
        <p className="audience-reason">Mail to it fails: {follower.bounceReason}</p>
      ) : null}
      {remove.isError ? (
        <p className="form-error" role="alert">
          {AUDIENCE_PAGE_TEXT.removeFailed}
        </p>
      ) : null}
    </li>
  );
}

/** The studio's Audience page: the author's followers by email, the import, and blocked readers. */
export default function AudiencePage() {
  const id = useId();
  const [query, setQuery] = useState<AudienceQuery>({ q: "", status: "", offset: 0 });
  const [typed, setTyped] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const audience = useAudience(query);
  const data = audience.data;
  const total = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, q: typed.trim(), offset: 0 }));
  };
  return (
    <section className="audience" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        {AUDIENCE_PAGE_TEXT.heading}
      </h2>
      <p className="audience-notice" role="status">
        {notice}
      </p>
      {audience.isPending ? (
        <p aria-busy="true">Loading your followers...</p>
      ) : audience.isError || !data ? (
        <p className="form-error" role="alert">
          {AUDIENCE_PAGE_TEXT.loadFailed}
        </p>
      ) : (
        <>
          <dl className="audience-counts">
            <div>
              <dt>Followers</dt>
              <dd data-testid="audience-active">{data.counts.active}</dd>
            </div>
            {FOLLOWER_STATUSES.filter((s) => s !== "active").map((s) => (
              <div key={s}>
                <dt>{STATUS_LABEL[s]}</dt>
                <dd>{data.counts[s]}</dd>
              </div>
            ))}
          </dl>
          <FollowersChart points={data.growth} />
          <div className="audience-tools">
            {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new to rely on alone. */}
            <form role="search" aria-label="Followers" onSubmit={search} className="audience-search">
              <label htmlFor={`${id}-q`}>Search addresses</label>
              <input
                id={`${id}-q`}
                type="search"
                className="input"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <label htmlFor={`${id}-status`}>Status</label>
              <select
                id={`${id}-status`}
                className="input"
                value={query.status}
                onChange={(e) =>
                  setQuery((q) => ({ ...q, status: e.target.value as FollowerStatus | "", offset: 0 }))
                }
              >
                <option value="">All</option>
                {FOLLOWER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABEL[s]}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button-ghost">
                Search
              </button>
            </form>
            <a className="button button-ghost" href={urlOf(audienceCsv)} download>
              Export as CSV
            </a>
          </div>
          {data.items.length === 0 ? (
            <p>{total === 0 ? AUDIENCE_PAGE_TEXT.empty : AUDIENCE_PAGE_TEXT.noMatch}</p>
          ) : (
            <ul className="audience-list" aria-label="Followers">
              {data.items.map((f) => (
                <FollowerRow
                  key={f.id}
                  follower={f}
                  onRemoved={(email) => {
                    setNotice(AUDIENCE_PAGE_TEXT.removed(email));
                    heading.current?.focus();
                  }}
                />
              ))}
            </ul>
          )}
          {data.matching > AUDIENCE_PAGE_SIZE ? (
            <nav className="audience-pages" aria-label="Follower pages">
              <button
                type="button"
                className="button button-ghost"
                disabled={query.offset === 0}
                onClick={() =>
                  setQuery((q) => ({ ...q, offset: Math.max(0, q.offset - AUDIENCE_PAGE_SIZE) }))
                }
              >
                Previous
              </button>
              <span>
                {query.offset + 1}–{Math.min(query.offset + AUDIENCE_PAGE_SIZE, data.matching)} of{" "}
                {data.matching}
              </span>
              <button
                type="button"
                className="button button-ghost"
                disabled={query.offset + AUDIENCE_PAGE_SIZE >= data.matching}
                onClick={() => setQuery((q) => ({ ...q, offset: q.offset + AUDIENCE_PAGE_SIZE }))}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      )}
      <ImportForm />
      <SocialWebFollowers />
      <BlueskyAccount />
      <BlockedReaders />
      <BlockedServers />
    </section>
  );
}
