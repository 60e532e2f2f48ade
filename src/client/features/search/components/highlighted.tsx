import type { TextPart } from "../../../../common/types";

/** Text with the words a search found in <mark>; every part is rendered as text, never as HTML. */
export function Highlighted({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        // The parts of one text never change order: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
