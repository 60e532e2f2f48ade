import { type FormEvent, useState } from "react";
import { ERROR_CODES } from "../../../../common/error-codes";
import {
  ChangePasswordFormSchema,
  DisplayNameFormSchema,
  PASSWORD_CHANGE_MESSAGES,
} from "../../../../common/schemas/account-settings";
import { FormStatus } from "../../../components/ui/form-status";
import { ApiError, api } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { useFieldErrors } from "./use-field-errors";

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

function DisplayNameForm() {
  const { viewer, setViewer } = useSession();
  const [name, setName] = useState(viewer?.displayName ?? "");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const f = useFieldErrors("account-name", ["name"] as const);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !viewer) return;
    setResult(null);
    const parsed = DisplayNameFormSchema.safeParse({ name });
    if (!f.check(parsed)) return;
    f.clear();
    setBusy(true);
    try {
      await api("/api/auth/update-user", { method: "POST", body: { name: parsed.data.name } });
      setViewer({ ...viewer, displayName: parsed.data.name });
      setResult("saved");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) f.show({ name: error.message });
      else setResult("failed");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="auth-form account-form"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="account-name-heading"
    >
      <h2 id="account-name-heading">Change display name</h2>
      <label htmlFor="account-name-name">Display name</label>
      <input
        className="input"
        {...f.field("name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="nickname"
      />
      <FieldError id={f.errorId("name")} text={f.errors.name} />
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? "Saving..." : "Save display name"}
      </button>
      {result === "saved" ? <FormStatus kind="success">Display name saved.</FormStatus> : null}
      {result === "failed" ? (
        <FormStatus kind="error">Failed to save the display name. Please try again.</FormStatus>
      ) : null}
    </form>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const f = useFieldErrors("account-password", [
    "currentPassword",
    "newPassword",
    "confirmPassword",
  ] as const);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    const parsed = ChangePasswordFormSchema.safeParse(values);
    if (!f.check(parsed)) return;
    f.clear();
    setBusy(true);
    try {
      await api("/api/auth/change-password", {
        method: "POST",
        body: {
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
          revokeOtherSessions: true,
        },
      });
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setResult("saved");
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.invalidPassword)
        f.show({ currentPassword: PASSWORD_CHANGE_MESSAGES.currentWrong });
      else if (error instanceof ApiError && error.status === 400) f.show({ newPassword: error.message });
      else setResult("failed");
    } finally {
      setBusy(false);
    }
  };

  const input = (key: keyof typeof values, label: string, autoComplete: string) => (
    <>
      <label htmlFor={`account-password-${key}`}>{label}</label>
      <input
        className="input"
        {...f.field(key)}
        type="password"
        value={values[key]}
        onChange={set(key)}
        autoComplete={autoComplete}
      />
      <FieldError id={f.errorId(key)} text={f.errors[key]} />
    </>
  );

  return (
    <form
      className="auth-form account-form"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="account-password-heading"
    >
      <h2 id="account-password-heading">Change password</h2>
      {input("currentPassword", "Current password", "current-password")}
      {input("newPassword", "New password", "new-password")}
      {input("confirmPassword", "Confirm new password", "new-password")}
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? "Saving..." : "Change password"}
      </button>
      {result === "saved" ? <FormStatus kind="success">{PASSWORD_CHANGE_MESSAGES.changed}</FormStatus> : null}
      {result === "failed" ? (
        <FormStatus kind="error">Failed to change the password. Please try again.</FormStatus>
      ) : null}
    </form>
  );
}

/** /profile: every account changes its display name and its password. */
export function AccountSettings() {
  return (
    <section className="auth-card account-settings" aria-label="Account settings">
      <DisplayNameForm />
      <PasswordForm />
    </section>
  );
}
