import { useSearchParams } from "react-router";
import { pages, pageTitle } from "../../../common/routes";
import { ResetPasswordForm, VERIFY_TEXTS } from "../../features/auth/components/reset-password-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ResetPasswordPage() {
  useDocumentTitle(pageTitle(pages.resetPassword, shell().siteName));
  // A verification link opened away from where the author address was registered.
  const verifying = useSearchParams()[0].get("verify") === "1";
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="new-password-heading">
        <h1 id="new-password-heading">{verifying ? VERIFY_TEXTS.heading : "Choose a New Password"}</h1>
        {verifying && <p>{VERIFY_TEXTS.intro}</p>}
        <ResetPasswordForm verifying={verifying} />
      </section>
    </main>
  );
}
