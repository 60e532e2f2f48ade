import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { Awareness } from "y-protocols/awareness";
import type { NoteKind } from "../../../../common/notes";
import { notesKey } from "./api";

/** The awareness field a tab bumps after changing a note: the partner's tabs then reload the list. */
const FIELD = "notesChanged";

const stampOf = (state: unknown): number | null => {
  const value = (state as Record<string, unknown> | null)?.[FIELD];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};

/**
 * Notes are not in the shared document, so a change to one is told over the document's awareness
 * (a number only, read as outside data); the list itself always comes from the API.
 */
export function useNotesSignal(awareness: Awareness | null, kind: NoteKind, id: string): () => void {
  const client = useQueryClient();
  useEffect(() => {
    if (!awareness) return;
    const seen = new Map<number, number | null>();
    const onChange = () => {
      let changed = false;
      awareness.getStates().forEach((state, clientId) => {
        const stamp = stampOf(state);
        if (clientId === awareness.clientID) return;
        if (seen.has(clientId) && seen.get(clientId) !== stamp) changed = true;
        seen.set(clientId, stamp);
      });
      if (changed) void client.invalidateQueries({ queryKey: notesKey(kind, id) });
    };
    onChange();
    awareness.on("change", onChange);
    return () => awareness.off("change", onChange);
  }, [awareness, client, kind, id]);
  return useCallback(() => awareness?.setLocalStateField(FIELD, Date.now()), [awareness]);
}
