// Writing together across processes on one PostgreSQL (docs/decisions/0048-writing-together.md):
// a stored update is announced by its row id (the listener reads the row: a NOTIFY payload holds
// at most 8,000 bytes), an awareness update travels itself when small enough, a reset by its
// document, a change of who may open it by its document. Format: `u|<from>|<doc>|<row id>`,
// `a|<from>|<doc>|<base64>`, `r|<from>|<doc>`, `c|<from>|<doc>`.

export const COLLAB_CHANNEL = "duet_collab";
/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; an awareness update above this is not relayed. */
const MAX_PAYLOAD = 7_900;

export type CollabNotice =
  | { kind: "u"; from: string; doc: string; id: number }
  | { kind: "a"; from: string; doc: string; update: Uint8Array }
  | { kind: "r"; from: string; doc: string }
  | { kind: "c"; from: string; doc: string };

/** A notice's payload, or null when it would not fit in a NOTIFY. */
export function notice(n: CollabNotice): string | null {
  const head = `${n.kind}|${n.from}|${n.doc}`;
  const payload =
    n.kind === "u"
      ? `${head}|${n.id}`
      : n.kind === "a"
        ? `${head}|${Buffer.from(n.update).toString("base64")}`
        : head;
  return payload.length <= MAX_PAYLOAD ? payload : null;
}

/** A payload read back; null for anything else (another version's, a hand-sent one). */
export function parseNotice(payload: string): CollabNotice | null {
  const [kind, from, doc, rest, ...extra] = payload.split("|");
  if (!from || !doc || extra.length) return null;
  if ((kind === "r" || kind === "c") && rest === undefined) return { kind, from, doc };
  if (kind === "u" && rest && /^[1-9][0-9]{0,15}$/.test(rest)) return { kind, from, doc, id: Number(rest) };
  if (kind === "a" && rest) return { kind, from, doc, update: new Uint8Array(Buffer.from(rest, "base64")) };
  return null;
}
