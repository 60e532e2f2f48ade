import { paths } from "../../../../common/routes";
import {
  type SocialWebReport,
  useDismissSocialWebReport,
  useSocialWebReports,
} from "../api/social-web-reports";
import { focusInboxHeading } from "./inbox-heading";

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function ReportItem({ report }: { report: SocialWebReport }) {
  const dismiss = useDismissSocialWebReport();
  return (
    <li className="inbox-item inbox-item--review">
      <div className="inbox-item-body">
        <header className="inbox-item-header">
          <h3>
            Post <a href={paths.post(report.postId)}>{report.postTitle}</a> reported by {report.host}
          </h3>
          <span className="inbox-badge inbox-badge--pending">Reported on the social web</span>
        </header>
        <p className="inbox-meta">
          <time dateTime={report.reportedAt}>{formatTime(report.reportedAt)}</time>
        </p>
        {report.reason ? <p className="inbox-message">{report.reason}</p> : null}
        <div className="comment-actions inbox-actions">
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={dismiss.isPending}
            // The report leaves the list (and unmounts) before a mutate callback could run: the promise still does.
            onClick={() => dismiss.mutateAsync(report.id).then(focusInboxHeading, () => {})}
          >
            {dismiss.isPending ? "Dismissing..." : "Dismiss"}
          </button>
        </div>
        {dismiss.isError ? (
          <p className="inbox-error" role="alert">
            That did not work. Please try again.
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** /admin Inbox: reports about the author's posts that other servers forwarded (`Flag`). */
export function SocialWebReports() {
  const query = useSocialWebReports();
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <>
      <h2 className="inbox-section-heading">Posts reported on the social web</h2>
      <ul className="inbox-list" aria-label="Posts reported on the social web">
        {items.map((r) => (
          <ReportItem key={r.id} report={r} />
        ))}
      </ul>
    </>
  );
}
