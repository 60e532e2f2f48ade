import { useSearchParams } from "react-router";
import { ResendVerification, VERIFY_NOTICE_TEXT } from "./resend-verification";

/** /admin for an author address not verified yet: say so, and offer the link again. */
export function VerifyEmailNotice({ email }: { email: string }) {
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
      <ResendVerification />
    </section>
  );
}
