import { useEffect, useRef, useState } from "react";
import type { RevisionKind } from "../../../../common/limits";
import type { PostRevisionSummary } from "../../../../common/types";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { useRestoreRevision, useRevisionComparison, useRevisions } from "../api/revisions";
import { formatTime } from "./format";
import { RevisionDiff } from "./revision-diff";

const KIND_LABEL: Record<RevisionKind, string> = {
  create: "First version",
  edit: "Saved",
  autosave: "Autosaved",
  restore: "Restored",
  schedule: "Scheduled",
  publish: "Published",
  address: "Address changed",
  unpublish: "Unpublished",
  republish: "Published again",
};

function RevisionDetail({ postId, revision }: { postId: string; revision: PostRevisionSummary }) {
  const [against, setAgainst] = useState<"previous" | "current">("previous");
  const [confirming, setConfirming] = useState(false);
  const comparison = useRevisionComparison(postId, revision.id, against);
  const restore = useRestoreRevision(postId);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const label = `${KIND_LABEL[revision.kind]} ${formatTime(revision.createdAt)}`;
  // After a restore, focus goes to the message that says so (the button it came from is gone).
  useEffect(() => {
    if (restore.isSuccess) statusRef.current?.focus();
  }, [restore.isSuccess]);
  return (
    <div className="revision-detail">
      <fieldset className="revision-against">
        <legend>Compare with</legend>
        <label>
          <input
            type="radio"
            name={`against-${revision.id}`}
            checked={against === "previous"}
            onChange={() => setAgainst("previous")}
          />{" "}
          the revision before it
        </label>
        <label>
          <input
            type="radio"
            name={`against-${revision.id}`}
            checked={against === "current"}
            onChange={() => setAgainst("current")}
          />{" "}
          the post as it is now
        </label>
      </fieldset>
      {comparison.isPending ? (
        <p aria-busy="true">Loading changes...</p>
      ) : comparison.isError ? (
        <p className="studio-error" role="alert">
          Failed to load the changes
        </p>
      ) : (
        <RevisionDiff comparison={comparison.data} />
      )}
      {restore.isSuccess ? (
        <p ref={statusRef} tabIndex={-1} role="status" className="studio-success">
          Revision restored.
        </p>
      ) : confirming ? (
        <div className="revision-confirm">
          <p>
            Restore this revision? The post's text becomes this version; the current one stays in the history.
          </p>
          <button
            type="button"
            className="button"
            aria-disabled={restore.isPending}
            onClick={() => {
              if (!restore.isPending) restore.mutate(revision.id);
            }}
          >
            {restore.isPending ? "Restoring..." : "Yes, Restore"}
          </button>{" "}
          <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button-ghost"
          aria-label={`Restore this revision (${label})`}
          onClick={() => setConfirming(true)}
        >
          Restore this revision
        </button>
      )}
      {restore.isError ? (
        <p className="studio-error" role="alert">
          Failed to restore the revision. Please try again.
        </p>
      ) : null}
    </div>
  );
}

/** A post's history: its revisions newest first, what each changed, and restore. */
export function RevisionsPanel({ id, postId, title }: { id: string; postId: string; title: string }) {
  const query = useRevisions(postId);
  const [selected, setSelected] = useState<string | null>(null);
  const revisions = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id={id} className="revisions-panel" aria-label={`Revisions of ${title}`}>
      {query.isPending ? (
        <p aria-busy="true">Loading revisions...</p>
      ) : query.isError ? (
        <p className="studio-error" role="alert">
          Failed to load revisions
        </p>
      ) : (
        <ol className="revisions">
          {revisions.map((r) => {
            const label = `${KIND_LABEL[r.kind]} ${formatTime(r.createdAt)}`;
            return (
              <li key={r.id} className="revision">
                <button
                  type="button"
                  className="revision-toggle"
                  aria-expanded={selected === r.id}
                  onClick={() => setSelected((s) => (s === r.id ? null : r.id))}
                >
                  {label}: {r.title}
                </button>
                {selected === r.id ? <RevisionDetail postId={postId} revision={r} /> : null}
              </li>
            );
          })}
        </ol>
      )}
      <LoadMore
        {...nextPageOf(query)}
        failedText="Failed to load older revisions. Please try again."
        label="Older revisions"
        align="start"
      />
    </section>
  );
}
