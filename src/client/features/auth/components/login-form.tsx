import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ERROR_CODES } from "../../../../common/error-codes";
import { paths, safeRedirectPath } from "../../../../common/routes";
import { FormStatus } from "../../../components/ui/form-status";
import { AUTH_ERROR_MESSAGES, toAuthError } from "../../../lib/auth-errors";
import { useSession } from "../../../lib/session";
import { EmailField, PasswordField } from "./account-fields";
import "../auth.css";

export const LOGIN_FAILED = "Failed to log in. Please check your credentials.";
// Where an author's verification link lands (`?verified=1`, plus `&error=CODE` when the link was bad).
export const VERIFY_TEXTS = {
  done: "Your email address is verified.",
  failed: "This verification link is invalid or has expired.",
} as const;

export function LoginForm() {
  const { login, viewer } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The fields the message is about (aria-invalid, aria-describedby); the first takes focus.
  const [invalid, setInvalid] = useState<Array<"email" | "password">>([]);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const messageId = "login-error";
  const about = (field: "email" | "password") => (message && invalid.includes(field) ? messageId : null);

  const verifyNote =
    params.get("verified") !== "1" ? null : params.has("error") ? VERIFY_TEXTS.failed : VERIFY_TEXTS.done;
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  // SPEC §2: back to the page the person was sent from (same-site paths only), otherwise /.
  const target = safeRedirectPath(params.get("from") ?? (typeof stateFrom === "string" ? stateFrom : null));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setInvalid([]);
    if (!email.trim() || !password) {
      const field = !email.trim() ? "email" : "password";
      setMessage(field === "email" ? "Email is required" : "Password is required");
      setInvalid([field]);
      (field === "email" ? emailInput : passwordInput).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await login(email.trim(), password);
      navigate(target, { replace: true });
    } catch (e) {
      const error = toAuthError(e);
      // The ceiling says to wait; it is not a failed attempt.
      const explained = error.code === ERROR_CODES.rateLimited;
      const credentials = error.kind !== "too-many-requests" && !explained;
      if (credentials) setInvalid(["email", "password"]);
      setMessage(
        error.kind === "too-many-requests"
          ? AUTH_ERROR_MESSAGES.tooManyRequests
          : explained
            ? error.message
            : LOGIN_FAILED,
      );
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      {verifyNote && !message && (
        <FormStatus kind={verifyNote === VERIFY_TEXTS.done ? "success" : "error"}>{verifyNote}</FormStatus>
      )}
      {viewer && !message && (
        // A reader sent here from /admin has already signed in: say so, or the form looks like a failure.
        <p role="status" className="auth-note">
          You are logged in as {viewer.email}.
        </p>
      )}
      {message && (
        <FormStatus kind="error" id={messageId}>
          {message}
        </FormStatus>
      )}
      <EmailField
        id="login-email"
        value={email}
        onValue={setEmail}
        ref={emailInput}
        errorMessageId={about("email")}
      />
      <PasswordField
        id="login-password"
        value={password}
        onValue={setPassword}
        ref={passwordInput}
        errorMessageId={about("password")}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Logging in..." : "Log In"}
      </button>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <span>
          Don't have an account? <Link to={paths.registerFrom(target)}>Register</Link>
        </span>
      </p>
    </form>
  );
}
