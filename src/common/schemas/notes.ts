import { z } from "zod";
import { NOTE_ANCHOR_MAX_LENGTH, NOTE_BODY_MAX_LENGTH, NOTE_QUOTE_MAX_LENGTH } from "../limits";
import { NOTE_KINDS } from "../notes";
import { strictBody } from "./body";
import { UUID_PATTERN } from "./id";
import { plainText } from "./text";

export const NOTES_MESSAGES = {
  bodyRequired: "Write the note first.",
  bodyTooLong: `A note must be at most ${NOTE_BODY_MAX_LENGTH} characters.`,
  quoteTooLong: `The words a note is about must be at most ${NOTE_QUOTE_MAX_LENGTH} characters.`,
  anchor: "anchor must be two Yjs relative positions (base64).",
  kind: "kind must be posts or pages.",
  id: "id must be a post's or a page's id.",
  resolved: "resolved must be true or false.",
  notFound: "Note not found",
  documentNotFound: "Nothing to write here",
  tooMany: "This document has as many notes as it can hold: resolve and delete some first.",
  notYours: "Only the note's writer can delete it.",
} as const;

const body = z
  .string({ error: NOTES_MESSAGES.bodyRequired })
  .trim()
  .min(1, NOTES_MESSAGES.bodyRequired)
  .max(NOTE_BODY_MAX_LENGTH, NOTES_MESSAGES.bodyTooLong)
  .superRefine(plainText("Note", { lines: true, end: "." }));
const position = z
  .string({ error: NOTES_MESSAGES.anchor })
  .min(1, NOTES_MESSAGES.anchor)
  .max(NOTE_ANCHOR_MAX_LENGTH, NOTES_MESSAGES.anchor)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, NOTES_MESSAGES.anchor);
const document = {
  kind: z.enum(NOTE_KINDS, { error: NOTES_MESSAGES.kind }),
  id: z.string({ error: NOTES_MESSAGES.id }).regex(UUID_PATTERN, NOTES_MESSAGES.id),
};

/** GET /api/notes?kind=posts&id=…: a document's notes. */
export const NotesQuerySchema = z.strictObject(document);

/** POST /api/notes: a note on the selected words of a document. */
export const NoteCreateSchema = strictBody({
  ...document,
  anchor: strictBody({ start: position, end: position }),
  quote: z
    .string({ error: NOTES_MESSAGES.quoteTooLong })
    .max(NOTE_QUOTE_MAX_LENGTH, NOTES_MESSAGES.quoteTooLong)
    .superRefine(plainText("The quote", { lines: true, end: "." })),
  body,
});

/** POST /api/notes/:id/replies */
export const NoteReplySchema = strictBody({ body });

/** PATCH /api/notes/:id: resolve or reopen. */
export const NoteResolveSchema = strictBody({
  resolved: z.boolean({ error: NOTES_MESSAGES.resolved }),
});
