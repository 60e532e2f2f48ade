import { ApiError } from "../../../lib/api";
import { useResendVerification } from "../api/verification";

/** What an author address not verified yet is told, on /admin and on every other page. */
export const VERIFY_NOTICE_TEXT = "Verify your email address to open the admin area.";

/** 'Resend verification email' with its busy label and its answer (the /admin notice and every page's banner). */
export function ResendVerification({ className = "button" }: { className?: string }) {
  const resend = useResendVerification();
  return (
    <>
      <button
        type="button"
        className={className}
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
    </>
  );
}
