import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { noteCreate, noteDelete, noteReply, noteResolve, notesList } from "../../../../common/api";
import type { NoteKind } from "../../../../common/notes";
import { call } from "../../../lib/api";
import type { NoteAnchor } from "./anchors";

export const notesKey = (kind: NoteKind, id: string) => ["draft-notes", kind, id] as const;

/** GET /api/notes: the document's notes, oldest first. */
export function useNotes(kind: NoteKind, id: string) {
  return useQuery({
    queryKey: notesKey(kind, id),
    queryFn: ({ signal }) => call(notesList, { query: { kind, id }, signal }),
    // The partner's notes also arrive by the shared awareness (use-notes-signal): this is the floor.
    refetchInterval: 30_000,
  });
}

export type NoteChange =
  | { kind: "create"; anchor: NoteAnchor; quote: string; body: string }
  | { kind: "reply"; id: string; body: string }
  | { kind: "resolve"; id: string; resolved: boolean }
  | { kind: "delete"; id: string };

/** Every change to the document's notes; the list reloads after each, and `after` tells the partner. */
export function useChangeNote(kind: NoteKind, docId: string, after: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: NoteChange): Promise<void> => {
      if (change.kind === "create") {
        const { anchor, quote, body } = change;
        await call(noteCreate, { body: { kind, id: docId, anchor, quote, body } });
      } else if (change.kind === "reply") {
        await call(noteReply, { params: { id: change.id }, body: { body: change.body } });
      } else if (change.kind === "resolve") {
        await call(noteResolve, { params: { id: change.id }, body: { resolved: change.resolved } });
      } else {
        await call(noteDelete, { params: { id: change.id } });
      }
    },
    onSuccess: async () => {
      after();
      await client.invalidateQueries({ queryKey: notesKey(kind, docId) });
    },
  });
}
