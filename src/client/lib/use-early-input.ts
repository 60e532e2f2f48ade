import { type RefObject, useEffect } from "react";

/**
 * No lost input: a server-rendered field can be typed into before the app hydrates it, and
 * hydration keeps what the field shows but not the state behind it (the form would send an empty
 * value, and the next render would wipe the text). On mount, hand what was typed to the form.
 */
export function useEarlyInput(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: unknown,
  adopt: (element: HTMLInputElement | HTMLTextAreaElement) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field first mounts.
  useEffect(() => {
    const element = field.current;
    if (element && typeof value === "string" && element.type !== "file" && element.value !== value)
      adopt(element);
  }, []);
}
