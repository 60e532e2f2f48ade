import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api";
import { useResendVerification } from "../api/verification";

export const VERIFY_NOTICE_TEXT = "Verify your email address to open the admin area.";

/** /admin for an author address not verified yet: say so, and offer the link again. */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  const [params] = useSearchParams();
  // Better Auth appends ?error=CODE when a followed link was bad or expired.
  const linkError = params.get("error");
  return (
    <section className="verify-notice" aria-labelledby="verify-heading">
      <h1 id="verify-heading">Blog Admin</h1>
      <p className="verify-text">{VERIFY_NOTICE_TEXT}</p>
      <p>
        We sent a link to <strong>{email}</strong>. Open it to continue: it signs you in and brings you back
        here.
      </p>
      {linkError ? (
        <p className="studio-error" role="alert">
          This verification link is invalid or has expired.
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        aria-disabled={resend.isPending}
        onClick={() => {
          if (!resend.isPending) resend.mutate();
        }}
      >
        {resend.isPending ? "Sending..." : "Resend verification email"}
      </button>
      <div aria-live="polite">
        {resend.isSuccess ? <p className="studio-success">{resend.data.message}</p> : null}
        {resend.isError ? (
          <p className="studio-error" role="alert">
            {resend.error instanceof ApiError
              ? resend.error.message
              : "Failed to send the email. Please try again."}
          </p>
        ) : null}
      </div>
    </section>
  );
}
