import { useResendVerification } from "../../features/studio/api/verification";
import { ApiError } from "../../lib/api";

export const VERIFY_BANNER_TEXT = "Verify your email address to open the admin area.";

/**
 * Issue 21: an author address signed in before its link was followed is told so on every page
 * (not only on /admin, which shows its own notice), with the link offered again.
 */
export function VerifyBanner() {
  const resend = useResendVerification();
  return (
    <aside className="verify-banner" aria-label="Email verification">
      <p>
        {VERIFY_BANNER_TEXT} We sent you a link; open it in this browser.{" "}
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={resend.isPending}
          onClick={() => {
            if (!resend.isPending) resend.mutate();
          }}
        >
          {resend.isPending ? "Sending..." : "Resend verification email"}
        </button>
      </p>
      <p aria-live="polite" className="verify-banner-status">
        {resend.isSuccess ? resend.data.message : null}
        {resend.isError
          ? resend.error instanceof ApiError
            ? resend.error.message
            : "Failed to send the email. Please try again."
          : null}
      </p>
    </aside>
  );
}
