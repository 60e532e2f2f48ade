import { pages, pageTitle } from "../../../common/routes";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ForgotPasswordPage() {
  useDocumentTitle(pageTitle(pages.forgotPassword, shell().siteName));
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Reset Password</h1>
        <p className="auth-note">
          Enter the email address of your account and we will send you a link to choose a new password.
        </p>
        <ForgotPasswordForm />
      </section>
    </main>
  );
}
