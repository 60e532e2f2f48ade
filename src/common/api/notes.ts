import type { DraftNote, OpenNote } from "../notes";
import type {
  NoteCreateSchema,
  NoteReplySchema,
  NoteResolveSchema,
  NotesQuerySchema,
} from "../schemas/notes";
import type { Endpoint } from "./endpoint";
import type { IdParams } from "./params";

// Notes in the margin (docs/decisions/0048-writing-together.md): who may make each call is in
// contract/notes.ts (the two authors only).

export const notesList: Endpoint<{ query: typeof NotesQuerySchema; response: DraftNote[] }> = {
  method: "GET",
  path: "/api/notes",
};
export const notesOpen: Endpoint<{ response: OpenNote[] }> = { method: "GET", path: "/api/notes/open" };
export const noteCreate: Endpoint<{ body: typeof NoteCreateSchema; response: DraftNote }> = {
  method: "POST",
  path: "/api/notes",
};
export const noteReply: Endpoint<{
  params: typeof IdParams;
  body: typeof NoteReplySchema;
  response: DraftNote;
}> = { method: "POST", path: "/api/notes/:id/replies" };
export const noteResolve: Endpoint<{
  params: typeof IdParams;
  body: typeof NoteResolveSchema;
  response: DraftNote;
}> = { method: "PATCH", path: "/api/notes/:id" };
export const noteDelete: Endpoint<{ params: typeof IdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/notes/:id",
};
