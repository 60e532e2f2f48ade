import { useEffect, useRef, useState } from "react";
import { useSession } from "../../../lib/session";
import { usePairs } from "../api/takes";
import { PairItem } from "./pair-item";
import { ProposePairForm } from "./propose-pair-form";
import "../two-takes.css";

type Message = { text: string; kind: "success" | "error" };

/**
 * Two takes (docs/decisions/0046-two-takes.md), a section of the Posts view: propose one, the
 * pairs with their states, and each author's next step. Results are announced in one live line,
 * like the posts list's.
 */
export default function TwoTakes({ postPath }: { postPath: (slug: string) => string }) {
  const { viewer } = useSession();
  const pairs = usePairs();
  const [message, setMessage] = useState<Message | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);
  const me = viewer?.authorKey;
  if (!me) return null;
  const onDone = (text: string, kind: Message["kind"] = "success") => setMessage({ text, kind });
  return (
    <section className="two-takes" aria-labelledby="two-takes-heading">
      <h2 id="two-takes-heading">Two takes</h2>
      <p>
        One topic, two voices: each take stays sealed until both are ready, then both are revealed together.
      </p>
      <ProposePairForm onDone={onDone} />
      <p
        ref={messageRef}
        tabIndex={-1}
        className={`posts-message ${message?.kind === "error" ? "form-error" : "studio-success"}`}
        role={message?.kind === "error" ? "alert" : "status"}
      >
        {message?.text ?? ""}
      </p>
      {pairs.isPending ? (
        <p aria-busy="true">Loading the two takes...</p>
      ) : pairs.isError ? (
        <p className="studio-error" role="alert">
          Failed to load the two takes
        </p>
      ) : pairs.data.length === 0 ? null : (
        <ul className="pair-list" aria-label="Two takes">
          {pairs.data.map((pair) => (
            <PairItem key={pair.id} pair={pair} me={me} postPath={postPath} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}
