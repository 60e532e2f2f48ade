import type { Editor } from "@tiptap/core";
import type { NoteKind } from "../../../../common/notes";
import type { CollabState } from "../collab/use-collab";
import { NotesPanel } from "./notes-panel";

interface Props {
  kind: NoteKind;
  docId: string;
  collab: CollabState | null | undefined;
  editor: Editor | null;
}

/** The notes' panel, where writing together is on and its visual editor is ready; nothing otherwise. */
export function NotesBeside({ kind, docId, collab, editor }: Props) {
  if (!collab?.session || collab.phase === "alone" || !editor || editor.isDestroyed) return null;
  return <NotesPanel key={collab.session.key} kind={kind} docId={docId} collab={collab} editor={editor} />;
}
