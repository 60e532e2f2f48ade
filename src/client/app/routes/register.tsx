import { pages, pageTitle } from "../../../common/routes";
import { RegisterForm } from "../../features/auth/components/register-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function RegisterPage() {
  useDocumentTitle(pageTitle(pages.register, shell().siteName));
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="register-heading">
        <h1 id="register-heading">Create Account</h1>
        <p className="auth-note">Register to like posts and join the conversation in the comments.</p>
        <RegisterForm />
      </section>
    </main>
  );
}
