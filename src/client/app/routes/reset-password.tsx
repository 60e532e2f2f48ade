import { pages, pageTitle } from "../../../common/routes";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ResetPasswordPage() {
  useDocumentTitle(pageTitle(pages.resetPassword, shell().siteName));
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="new-password-heading">
        <h1 id="new-password-heading">Choose a New Password</h1>
        <ResetPasswordForm />
      </section>
    </main>
  );
}
