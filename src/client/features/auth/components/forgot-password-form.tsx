import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormStatus } from "../../../components/ui/form-status";
import { toAuthError } from "../../../lib/auth-errors";
import { useSession } from "../../../lib/session";
import { EmailField } from "./account-fields";
import "../auth.css";

// SPEC §8 reset screen texts.
export const RESET_TEXTS = {
  sent: "Check your email inbox for instructions to reset your password",
  userNotFound: "No account found with this email address",
  failed: "Failed to send password reset email. Please try again.",
} as const;

export function ForgotPasswordForm() {
  const { resetPassword } = useSession();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    if (!email.trim()) {
      setResult({ ok: false, message: "Email is required" });
      return;
    }
    setBusy(true);
    try {
      await resetPassword(email.trim());
      setResult({ ok: true, message: RESET_TEXTS.sent });
    } catch (e) {
      const failure = toAuthError(e);
      setResult({
        ok: false,
        message: failure.kind === "user-not-found" ? RESET_TEXTS.userNotFound : RESET_TEXTS.failed,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      {result &&
        (result.ok ? (
          <FormStatus kind="success">{result.message}</FormStatus>
        ) : (
          <FormStatus kind="error">{result.message}</FormStatus>
        ))}
      <EmailField id="forgot-email" value={email} onValue={setEmail} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending..." : "Reset Password"}
      </button>
      <p className="auth-links">
        <Link to="/login">Back to Login</Link>
      </p>
    </form>
  );
}
