import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useCallback,
  useRef,
} from "react";
import { useEarlyInput } from "../../lib/use-early-input";

interface FieldOwnProps {
  id: string;
  label: ReactNode;
  /** A short help line under the control. */
  hint?: ReactNode;
  /** This field's problem, announced and tied to the control (aria-describedby). */
  error?: string | null;
  /** The id of a message shown elsewhere (the form's own) that is this field's problem. */
  errorMessageId?: string | null;
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
  const own = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const outer = props.ref;
  const ref = useCallback(
    (element: HTMLInputElement & HTMLTextAreaElement) => {
      own.current = element;
      if (typeof outer === "function") outer(element);
      else if (outer) outer.current = element;
    },
    [outer],
  );
  // What was typed before hydration reaches the form's state as if it had just been typed.
  useEarlyInput(own, props.value, (element) =>
    props.onChange?.({ target: element, currentTarget: element } as ChangeEvent<
      HTMLInputElement & HTMLTextAreaElement
    >),
  );
  const { errorMessageId } = props;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, errorMessageId]
    .filter(Boolean)
    .join(" ");
  const control = {
    id,
    className: "input",
    "aria-invalid": error || errorMessageId ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {props.multiline ? (
        <textarea {...withoutOwn(props)} {...control} ref={ref} />
      ) : (
        <input {...withoutOwn(props)} {...control} ref={ref} />
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
  const {
    id: _id,
    label: _label,
    hint: _hint,
    error: _error,
    errorMessageId: _errorMessageId,
    multiline: _multiline,
    ref: _ref,
    ...rest
  } = props as P & { ref?: unknown };
  return rest;
}
