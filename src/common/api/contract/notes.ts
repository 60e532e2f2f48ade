import { z } from "zod";
import { AUTHORS } from "../../limits";
import { type DraftNote, NOTE_KINDS, type OpenNote } from "../../notes";
import { NoteCreateSchema, NoteReplySchema, NoteResolveSchema, NotesQuerySchema } from "../../schemas/notes";
import { noteCreate, noteDelete, noteReply, noteResolve, notesList, notesOpen } from "../notes";
import { IdParams } from "../params";
import { row } from "./contract";

const tags = ["Studio"] as const;
const forbidden = "Only the two authors can write notes in the margin.";
const READ = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;
const ANSWER = [...READ, "NOT_FOUND", "CONFLICT"] as const;
const time = () => z.string().describe("An ISO 8601 instant.");

const Reply = z.object({ id: z.string(), author: z.enum(AUTHORS), body: z.string(), createdAt: time() });
const DraftNoteSchema: z.ZodType<DraftNote> = z.object({
  id: z.string(),
  kind: z.enum(NOTE_KINDS),
  docId: z.string(),
  author: z.enum(AUTHORS),
  anchor: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .describe("Two Yjs relative positions (base64) around the words the note is about."),
  quote: z.string().describe("Those words, as they were when the note was written."),
  body: z.string(),
  resolvedAt: time().nullable(),
  resolvedBy: z.enum(AUTHORS).nullable(),
  createdAt: time(),
  replies: z.array(Reply),
});
const OpenNoteSchema: z.ZodType<OpenNote> = z.object({
  id: z.string(),
  kind: z.enum(NOTE_KINDS),
  docId: z.string(),
  title: z.string(),
  slug: z.string().describe("The post's or the page's address: the studio links to its editor."),
  author: z.enum(AUTHORS),
  quote: z.string(),
  body: z.string(),
  createdAt: time(),
  replies: z.number(),
});

/** Notes in the margin (docs/decisions/0048-writing-together.md): the authors' calls only. */
export const notesRows = [
  row(notesList, {
    who: "authors",
    forbidden,
    summary: "A post's or a page's notes in the margin, with their replies",
    tags,
    query: NotesQuerySchema,
    response: z.array(DraftNoteSchema),
    errors: [...READ, "NOT_FOUND"],
  }),
  row(notesOpen, {
    who: "authors",
    forbidden,
    summary: "Every open note, newest first, with the title of what it is on",
    tags,
    response: z.array(OpenNoteSchema),
    errors: ["UNAUTHORIZED", "FORBIDDEN"],
  }),
  row(noteCreate, {
    who: "authors",
    forbidden,
    summary: "Leave a note on the selected words of a draft, a scheduled post or a page",
    tags,
    body: NoteCreateSchema,
    response: DraftNoteSchema,
    errors: ANSWER,
  }),
  row(noteReply, {
    who: "authors",
    forbidden,
    summary: "Reply to a note",
    tags,
    params: IdParams,
    paramsNotFound: "Note not found",
    body: NoteReplySchema,
    response: DraftNoteSchema,
    errors: ANSWER,
  }),
  row(noteResolve, {
    who: "authors",
    forbidden,
    summary: "Resolve a note, or reopen it",
    tags,
    params: IdParams,
    paramsNotFound: "Note not found",
    body: NoteResolveSchema,
    response: DraftNoteSchema,
    errors: ANSWER,
  }),
  row(noteDelete, {
    who: "authors",
    forbidden,
    summary: "Delete your own note (its replies go with it), or your own reply",
    tags,
    params: IdParams,
    paramsNotFound: "Note not found",
    errors: [...READ, "NOT_FOUND"],
  }),
];
