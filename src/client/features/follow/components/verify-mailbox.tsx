import { FOLLOW_TEXT } from "../../../../common/audience";
import { ApiError } from "../../../lib/api";
import { useConfirmMailbox } from "../api/notifications";

/**
 * /subscriptions?verify=…: the notification-address link. A button, not on open: a mail scanner
 * that opens every link must not prove a mailbox for whoever asked.
 */
export function VerifyMailbox({ token }: { token: string }) {
  const confirm = useConfirmMailbox();
  if (confirm.isSuccess)
    return (
      <p role="status">
        Your address is confirmed. You will get the notification emails you chose on your profile.
      </p>
    );
  return (
    <>
      <p>Confirm that this address may get reply notifications from this blog.</p>
      <button
        type="button"
        className="button"
        onClick={() => confirm.mutate(token)}
        disabled={confirm.isPending}
      >
        {confirm.isPending ? "Confirming..." : "Confirm my address"}
      </button>
      {confirm.isError ? (
        <p className="subscriptions-error" role="alert">
          {confirm.error instanceof ApiError && confirm.error.status < 500
            ? FOLLOW_TEXT.linkInvalid
            : "Something went wrong. Please try again."}
        </p>
      ) : null}
    </>
  );
}
