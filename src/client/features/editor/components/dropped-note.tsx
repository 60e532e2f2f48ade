import DOMPurify from "dompurify";
import { useDeferredValue, useMemo } from "react";
import { droppedByAllowlist } from "../../../../common/rules/post-html";

export const droppedText = (names: readonly string[]) =>
  `When saved, a post cannot keep some of what is written here, and it will be removed: ${names.join(", ")}.`;

/** Before saving: what the post sanitiser would drop from the content, said in words. */
export function DroppedNote({ id, content }: { id: string; content: string }) {
  const deferred = useDeferredValue(content);
  const names = useMemo(
    () => (deferred.includes("<") ? droppedByAllowlist(DOMPurify, deferred) : []),
    [deferred],
  );
  return (
    <p id={id} className="field-hint dropped-note" role="status">
      {names.length > 0 ? droppedText(names) : ""}
    </p>
  );
}
