import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";

interface FieldOwnProps {
  id: string;
  label: ReactNode;
  /** A short help line under the control. */
  hint?: ReactNode;
  /** This field's problem, announced and tied to the control (aria-describedby). */
  error?: string | null;
}

type InputProps = FieldOwnProps & {
  multiline?: false;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>;
type TextAreaProps = FieldOwnProps & {
  multiline: true;
  ref?: Ref<HTMLTextAreaElement>;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input (or text area) with its hint and its error: the one form field markup and style. */
export function Field(props: InputProps | TextAreaProps) {
  const { id, label, hint, error } = props;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const control = {
    id,
    className: "input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {props.multiline ? (
        <textarea {...withoutOwn(props)} {...control} />
      ) : (
        <input {...withoutOwn(props)} {...control} />
      )}
      {hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function withoutOwn<P extends FieldOwnProps & { multiline?: boolean }>(props: P) {
  const { id: _id, label: _label, hint: _hint, error: _error, multiline: _multiline, ...rest } = props;
  return rest;
}
