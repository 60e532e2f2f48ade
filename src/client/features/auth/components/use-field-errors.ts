import { useRef, useState } from "react";
import type { z } from "zod";

/**
 * Field errors tied to their inputs (aria-invalid + aria-describedby) with focus on the first
 * invalid field, for a form validated with a shared zod schema.
 */
export function useFieldErrors<F extends string>(formId: string, order: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const refs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const show = (found: Partial<Record<F, string>>) => {
    setErrors(found);
    const first = order.find((f) => found[f]);
    if (first) refs.current[first]?.focus();
  };
  return {
    errors,
    clear: () => setErrors({}),
    show,
    /** Show a schema's issues; true when there were none. */
    check<T>(result: z.ZodSafeParseResult<T>): result is z.ZodSafeParseSuccess<T> {
      if (result.success) return true;
      const found: Partial<Record<F, string>> = {};
      for (const issue of result.error.issues) found[issue.path[0] as F] ??= issue.message;
      show(found);
      return false;
    },
    field: (f: F) => ({
      id: `${formId}-${f}`,
      ref: (el: HTMLInputElement | null) => {
        refs.current[f] = el;
      },
      "aria-invalid": errors[f] ? (true as const) : undefined,
      "aria-describedby": errors[f] ? `${formId}-${f}-error` : undefined,
    }),
    errorId: (f: F) => `${formId}-${f}-error`,
  };
}
