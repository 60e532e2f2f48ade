import { type RefObject, useEffect } from "react";

/**
 * No lost input: a server-rendered field can be typed into before the page's script hydrates it,
 * and hydration keeps what the DOM shows but not the state behind it (the form would then send an
 * empty text). On mount, take over what was typed.
 */
export function useEarlyInput(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field first mounts.
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) setValue(typed);
  }, []);
}
