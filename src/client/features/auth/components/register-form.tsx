import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PASSWORD_MIN_LENGTH, REGISTER_REDIRECT_MS } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import { type RegistrationField, registrationProblemAt } from "../../../../common/schemas/account";
import { Field } from "../../../components/ui/field";
import { FormStatus } from "../../../components/ui/form-status";
import { AUTH_ERROR_MESSAGES, toAuthError } from "../../../lib/auth-errors";
import { useSession } from "../../../lib/session";
import { EmailField, PasswordField } from "./account-fields";
import "../auth.css";

// SPEC §8 registration screen texts.
export const REGISTER_TEXTS = {
  emailInUse: "This email is already registered. Please try logging in instead.",
  failed: "Failed to create account. Please try again.",
  success: "Registration successful! Redirecting to login...",
} as const;

export function RegisterForm() {
  const { register } = useSession();
  const navigate = useNavigate();
  // SPEC §2's "back to the page the user was sent from" holds through registration: /login gets it on.
  const loginPath = paths.login(useSearchParams()[0].get("from"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [busy, setBusy] = useState(false);
  // The form's message, and the fields it is about (tied to it by aria-describedby).
  const [error, setError] = useState<{
    message: string;
    detail: string | null;
    fields: RegistrationField[];
  } | null>(null);
  const inputs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});
  const errorId = "register-error";
  const about = (field: RegistrationField) => (error?.fields.includes(field) ? errorId : null);
  const keep = (field: RegistrationField) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };
  const [done, setDone] = useState(false);

  // SPEC §2: on success, to /login after 2 seconds.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(loginPath), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, loginPath]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = registrationProblemAt({ email, password, confirmPassword, displayName });
    if (problem) {
      setError({ message: problem.message, detail: null, fields: [problem.field] });
      inputs.current[problem.field]?.focus();
      return;
    }
    setBusy(true);
    try {
      await register(email.trim(), password, displayName.trim());
      setDone(true);
    } catch (e) {
      const failure = toAuthError(e);
      if (failure.kind === "email-in-use") {
        setError({ message: REGISTER_TEXTS.emailInUse, detail: null, fields: ["email"] });
        inputs.current.email?.focus();
      } else {
        // The screen's own text, and the catalogue's reason when the provider gave one.
        const detail = failure.message !== AUTH_ERROR_MESSAGES.unknown ? failure.message : null;
        const field: RegistrationField | null =
          failure.kind === "invalid-email" ? "email" : failure.kind === "weak-password" ? "password" : null;
        setError({ message: REGISTER_TEXTS.failed, detail, fields: field ? [field] : [] });
        if (field) inputs.current[field]?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return <FormStatus kind="success">{REGISTER_TEXTS.success}</FormStatus>;
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      {error && (
        <FormStatus kind="error" detail={error.detail} id={errorId}>
          {error.message}
        </FormStatus>
      )}
      <EmailField
        id="register-email"
        value={email}
        onValue={setEmail}
        ref={keep("email")}
        errorMessageId={about("email")}
      />
      <PasswordField
        id="register-password"
        isNew
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onValue={setPassword}
        ref={keep("password")}
        errorMessageId={about("password")}
      />
      <PasswordField
        id="register-confirm"
        label="Confirm Password"
        isNew
        value={confirmPassword}
        onValue={setConfirmPassword}
        ref={keep("confirmPassword")}
        errorMessageId={about("confirmPassword")}
      />
      <Field
        id="register-name"
        label="Display Name"
        type="text"
        autoComplete="nickname"
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        ref={keep("displayName")}
        errorMessageId={about("displayName")}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Creating Account..." : "Create Account"}
      </button>
      <p className="auth-links">
        <span>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </span>
      </p>
    </form>
  );
}
