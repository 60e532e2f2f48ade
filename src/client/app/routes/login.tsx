import { pages, pageTitle } from "../../../common/routes";
import { LoginForm } from "../../features/auth/components/login-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

export default function LoginPage() {
  useDocumentTitle(pageTitle(pages.login, shell().siteName));
  return (
    <main className="page">
      <section className="auth-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        {/* SPEC §2: the login page states who can do what. */}
        <p className="auth-note">
          Only admin users can access the admin area. Regular users can log in to comment on and like posts.
        </p>
        <LoginForm />
      </section>
    </main>
  );
}
