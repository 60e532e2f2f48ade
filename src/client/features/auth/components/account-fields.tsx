import type { Ref } from "react";
import { Field } from "../../../components/ui/field";

interface Props {
  id: string;
  value: string;
  onValue: (value: string) => void;
  /** The id of the form's message when it is about this field (aria-invalid, aria-describedby). */
  errorMessageId?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** The email field of every account form. */
export function EmailField({ id, value, onValue, errorMessageId, ref }: Props) {
  return (
    <Field
      id={id}
      ref={ref}
      errorMessageId={errorMessageId}
      label="Email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

/** A password field: the one to sign in with, or a new one (with the SPEC §5 minimum shown to the browser). */
export function PasswordField({
  id,
  value,
  onValue,
  label = "Password",
  isNew = false,
  minLength,
  errorMessageId,
  ref,
}: Props & { label?: string; isNew?: boolean; minLength?: number }) {
  return (
    <Field
      id={id}
      ref={ref}
      errorMessageId={errorMessageId}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      required
      minLength={minLength}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
