import { ResendVerification, VERIFY_NOTICE_TEXT } from "../../features/studio/components/resend-verification";

/**
 * An author address signed in before its link was followed is told so on every page
 * (not only on /admin, which shows its own notice), with the link offered again.
 */
export function VerifyBanner() {
  return (
    <aside className="verify-banner" aria-label="Email verification">
      <p>{VERIFY_NOTICE_TEXT} We sent you a link; open it in this browser.</p>
      <ResendVerification className="button button-ghost" />
    </aside>
  );
}
