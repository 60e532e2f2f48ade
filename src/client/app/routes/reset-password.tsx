import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function ResetPasswordPage() {
  useDocumentTitle(`Choose a New Password - ${shell().siteName}`);
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="new-password-heading">
        <h1 id="new-password-heading">Choose a New Password</h1>
        <ResetPasswordForm />
      </section>
    </main>
  );
}
