import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ERROR_CODES } from "../../../../common/error-codes";
import { PASSWORD_MIN_LENGTH } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import { newPasswordProblem } from "../../../../common/schemas/account";
import { FormStatus } from "../../../components/ui/form-status";
import { toAuthError } from "../../../lib/auth-errors";
import { useSession } from "../../../lib/session";
import { PasswordField } from "./account-fields";
import "../auth.css";

export const NEW_PASSWORD_TEXTS = {
  invalidLink: "This password reset link is invalid or has expired.",
  done: "Your password has been reset. You can now log in with your new password.",
  failed: "Failed to reset password. Please try again.",
} as const;

/** A verification link opened in another browser than the one that registered sets the password. */
export const VERIFY_TEXTS = {
  heading: "Confirm your author address",
  intro:
    "This link was opened in a different browser from the one that registered the address. To confirm that the address is yours, choose the account's password: anyone signed in to it will be signed out.",
  done: "Your author address is confirmed. Log in with your new password to open the admin area.",
} as const;

/**
 * The page the emailed reset link opens (`/reset-password?token=…`): choose a new password.
 * `verifying`: it confirms an author address (`&verify=1`), then leads to the admin area.
 */
export function ResetPasswordForm({ verifying = false }: { verifying?: boolean }) {
  const { confirmPasswordReset } = useSession();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!token || params.get("error")) {
    return (
      <div className="auth-form">
        <FormStatus kind="error">{NEW_PASSWORD_TEXTS.invalidLink}</FormStatus>
        <p className="auth-links">
          <Link to="/forgot-password">Request a new link</Link>
        </p>
      </div>
    );
  }

  if (done) {
    return (
      <div className="auth-form">
        <FormStatus kind="success">{verifying ? VERIFY_TEXTS.done : NEW_PASSWORD_TEXTS.done}</FormStatus>
        <p className="auth-links">
          <Link to={verifying ? paths.login(paths.studio) : paths.login()}>Go to Login</Link>
        </p>
      </div>
    );
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset(token, password);
      setDone(true);
    } catch (e) {
      const failure = toAuthError(e);
      setMessage(
        failure.code === ERROR_CODES.invalidToken
          ? NEW_PASSWORD_TEXTS.invalidLink
          : failure.kind === "weak-password" || failure.kind === "too-many-requests"
            ? failure.message
            : NEW_PASSWORD_TEXTS.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate>
      {message && <FormStatus kind="error">{message}</FormStatus>}
      <PasswordField
        id="reset-password"
        label="New Password"
        isNew
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onValue={setPassword}
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm New Password"
        isNew
        value={confirmPassword}
        onValue={setConfirmPassword}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Saving..." : "Set New Password"}
      </button>
    </form>
  );
}
