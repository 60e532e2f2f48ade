import { useEffect, useRef } from "react";
import { FOLLOW_TEXT } from "../../../../common/audience";
import { useConfirmFollow } from "../api/email-links";
import { useStopNotifications } from "../api/notifications";
import { blogNames, linkFailure } from "./link-texts";

/** What the "stop these emails" link switched off, by its kind. */
const STOPPED_TEXT = {
  replies: "You will no longer get an email when someone replies to your comments.",
  comments: "You will no longer get an email for each new comment on your posts.",
  takes: "You will no longer get an email when your partner proposes two takes.",
  notes: "You will no longer get an email when your partner leaves a note or shares a draft with you.",
} as const;

/**
 * /subscriptions?confirm=… or ?notifications=…&kind=…: acts on the emailed link once, then says
 * what happened (unsubscribing asks first: UnsubscribeConfirm).
 */
export function EmailLinkResult({
  confirm,
  notifications,
}: {
  confirm: string | null;
  notifications: { token: string; kind: string } | null;
}) {
  const confirming = useConfirmFollow();
  const stopping = useStopNotifications();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (confirm) confirming.mutate(confirm.split(",").filter(Boolean).slice(0, 2));
    else if (notifications) stopping.mutate(notifications);
  }, [confirm, notifications, confirming, stopping]);

  const current = confirm ? confirming : notifications ? stopping : null;
  if (!current) return <p role="alert">{FOLLOW_TEXT.linkInvalid}</p>;
  if (current.isError)
    return (
      <p className="subscriptions-error" role="alert">
        {linkFailure(current.error)}
      </p>
    );
  if (!current.isSuccess) return <p aria-busy="true">One moment...</p>;
  return (
    <p role="status">
      {confirming.data
        ? `You're now following ${blogNames(confirming.data.following)}. New posts will arrive by email.`
        : stopping.data
          ? (STOPPED_TEXT[stopping.data.stopped as keyof typeof STOPPED_TEXT] ?? STOPPED_TEXT.comments)
          : null}
    </p>
  );
}
