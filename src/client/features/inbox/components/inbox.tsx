import type { ContactDeliveryStatus } from "../../../../common/engagement";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { useInboxMessages } from "../api/messages";
import { CommentList } from "./comment-list";
import { INBOX_HEADING_ID } from "./inbox-heading";
import { ReviewList } from "./review-list";
import { SocialWebReports } from "./social-web-reports";
import "../inbox.css";

const STATUS_LABEL: Record<ContactDeliveryStatus, string> = {
  pending: "Pending delivery",
  sent: "Delivered",
  failed: "Delivery failed",
};

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** /admin/inbox: comments to review (held, reported) with their actions, new comments on the author's posts, then contact messages as received, newest first, with their delivery status. */
export default function Inbox() {
  const query = useInboxMessages();
  const messages = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="inbox" aria-labelledby={INBOX_HEADING_ID}>
      <div className="inbox-heading">
        <h1 id={INBOX_HEADING_ID} tabIndex={-1}>
          Inbox
        </h1>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching && !query.isPending ? "Refreshing..." : "Refresh"}
        </button>
      </div>
      <ReviewList />
      <CommentList />
      <SocialWebReports />
      <h2 className="inbox-section-heading">Messages</h2>
      {query.isPending ? (
        <p className="inbox-status" aria-busy="true">
          Loading messages...
        </p>
      ) : query.isError ? (
        <p className="inbox-error" role="alert">
          Failed to load messages
        </p>
      ) : messages.length === 0 ? (
        <p className="inbox-status">No messages yet.</p>
      ) : (
        <ul className="inbox-list">
          {messages.map((m) => (
            <li key={m.id} className="inbox-item">
              <div className="inbox-item-body">
                <header className="inbox-item-header">
                  <h3>{m.subject}</h3>
                  <span className={`inbox-badge inbox-badge--${m.status}`}>{STATUS_LABEL[m.status]}</span>
                </header>
                <p className="inbox-meta">
                  From {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt; ·{" "}
                  <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
                  {m.status !== "sent" && m.attempts > 0
                    ? ` · ${m.attempts} attempt${m.attempts === 1 ? "" : "s"}`
                    : ""}
                </p>
                <p className="inbox-message">{m.message}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        {...nextPageOf(query)}
        failedText="Failed to load more messages. Please try again."
        label="Load more messages"
        align="start"
      />
    </section>
  );
}
