import type { NotificationSettings } from "../api/notifications";
import { useRequestVerification } from "../api/notifications";

/**
 * /profile, under the notification switches: notification emails go only to an address its reader
 * proved (docs/decisions/0024-mail-abuse-limits.md), so an unproven one is offered the link.
 */
export function MailboxProof({ settings, email }: { settings: NotificationSettings; email: string }) {
  const request = useRequestVerification();
  if (settings.verified || !(settings.replies || settings.comments || settings.takes)) return null;
  const sent = settings.verificationSent || request.data?.verificationSent;
  return (
    <div className="mailbox-proof">
      {sent ? (
        <p role="status">
          We sent a link to {email}. Open it to start getting these emails. No email? Check your spam folder,
          or ask again in an hour.
        </p>
      ) : (
        <>
          <p>These emails go only to a confirmed address. Confirm {email} with a link we email you.</p>
          <button
            type="button"
            className="button"
            onClick={() => request.mutate()}
            disabled={request.isPending}
          >
            {request.isPending ? "Sending..." : "Send me the link"}
          </button>
        </>
      )}
      {request.isError ? <p role="alert">Failed to send the link. Please try again.</p> : null}
    </div>
  );
}
