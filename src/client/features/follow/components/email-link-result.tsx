import { useEffect, useRef } from "react";
import { FOLLOW_TEXT } from "../../../../common/audience";
import type { AuthorKey } from "../../../../common/limits";
import { ApiError } from "../../../lib/api";
import { useConfirmFollow, useUnsubscribe } from "../api/email-links";
import { useStopNotifications } from "../api/notifications";

const BLOGS: Record<AuthorKey, string> = { him: "His Blog", her: "Her Blog" };
const names = (authors: AuthorKey[]) => authors.map((a) => BLOGS[a]).join(" and ");

const failure = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? FOLLOW_TEXT.linkInvalid
    : "Something went wrong. Please try again.";

/** /subscriptions?confirm=…, ?unsubscribe=… or ?notifications=…&kind=…: acts on the emailed link once, then says what happened. */
export function EmailLinkResult({
  confirm,
  unsubscribe,
  notifications,
}: {
  confirm: string | null;
  unsubscribe: string | null;
  notifications: { token: string; kind: string } | null;
}) {
  const confirming = useConfirmFollow();
  const leaving = useUnsubscribe();
  const stopping = useStopNotifications();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (confirm) confirming.mutate(confirm.split(",").filter(Boolean).slice(0, 2));
    else if (unsubscribe) leaving.mutate(unsubscribe);
    else if (notifications) stopping.mutate(notifications);
  }, [confirm, unsubscribe, notifications, confirming, leaving, stopping]);

  const current = confirm ? confirming : unsubscribe ? leaving : notifications ? stopping : null;
  if (!current) return <p role="alert">{FOLLOW_TEXT.linkInvalid}</p>;
  if (current.isError)
    return (
      <p className="subscriptions-error" role="alert">
        {failure(current.error)}
      </p>
    );
  if (!current.isSuccess) return <p aria-busy="true">One moment...</p>;
  return (
    <p role="status">
      {confirming.data
        ? `You're now following ${names(confirming.data.following)}. New posts will arrive by email.`
        : leaving.data
          ? `You will no longer get emails about new posts on ${BLOGS[leaving.data.unsubscribed]}.`
          : stopping.data
            ? stopping.data.stopped === "replies"
              ? "You will no longer get an email when someone replies to your comments."
              : "You will no longer get an email for each new comment on your posts."
            : null}
    </p>
  );
}
