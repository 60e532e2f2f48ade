import type { FastifyInstance } from "fastify";
import { noteCreate, noteDelete, noteReply, noteResolve, notesList, notesOpen } from "../../common/api";
import { NOTES_PER_DOCUMENT_MAX } from "../../common/limits";
import type { NoteKind } from "../../common/notes";
import { NOTES_MESSAGES } from "../../common/schemas/notes";
import type { Viewer } from "../../common/types";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { conflict, forbidden, notFound } from "../errors";
import {
  canNote,
  countNotes,
  deleteNote,
  findNote,
  insertNote,
  listNotes,
  listOpenNotes,
  presentNote,
  setResolved,
} from "./notes.repository";

// Notes in the margin (docs/writing-together.md): the two authors' notes on a post or a page,
// kept apart from its words. Each call checks the document as `canNote` says (a post is its
// author's, and its partner's while shared: decision 0050; a sealed take is never shared); an id
// that names nothing this author may note is a 404.

const noteMissing = () => notFound("note", NOTES_MESSAGES.notFound);
const documentMissing = () => notFound("document", NOTES_MESSAGES.documentNotFound);

export async function registerNotesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** A note (or a reply's note) `me` may reach, or a 404. */
  const reachable = async (id: string, viewer: Viewer) => {
    const row = await findNote(ctx.db, id);
    const kind: NoteKind = row?.postId ? "posts" : "pages";
    if (!row || !(await canNote(ctx.db, kind, (row.postId ?? row.pageId)!, viewer, ctx.now())))
      throw noteMissing();
    return row;
  };

  route(app, notesList, {}, async (request, reply) => {
    const { kind, id } = request.query;
    if (!(await canNote(ctx.db, kind, id, authorCaller(request), ctx.now()))) throw documentMissing();
    reply.header("cache-control", "private, no-store");
    return listNotes(ctx.db, kind, id);
  });

  route(app, notesOpen, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return listOpenNotes(ctx.db, authorCaller(request).authorKey, ctx.now());
  });

  route(app, noteCreate, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const me = viewer.authorKey;
    const { kind, id, anchor, quote, body } = request.body;
    if (!(await canNote(ctx.db, kind, id, viewer, ctx.now()))) throw documentMissing();
    const note = await ctx.events.transaction(async (tx, record) => {
      if ((await countNotes(tx, kind, id)) >= NOTES_PER_DOCUMENT_MAX) throw conflict(NOTES_MESSAGES.tooMany);
      const row = await insertNote(tx, {
        ...(kind === "posts" ? { postId: id } : { pageId: id }),
        author: me,
        anchorStart: anchor.start,
        anchorEnd: anchor.end,
        quote,
        body,
        createdAt: ctx.now(),
      });
      await record("noteCreated", { noteId: row.id });
      return row;
    });
    return reply.status(201).send((await presentNote(ctx.db, note.id))!);
  });

  route(app, noteReply, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const me = viewer.authorKey;
    const target = await reachable(request.params.id, viewer);
    // One level deep: a reply to a reply answers its note.
    const parentId = target.parentId ?? target.id;
    const kind: NoteKind = target.postId ? "posts" : "pages";
    const row = await ctx.events.transaction(async (tx, record) => {
      if ((await countNotes(tx, kind, (target.postId ?? target.pageId)!)) >= NOTES_PER_DOCUMENT_MAX)
        throw conflict(NOTES_MESSAGES.tooMany);
      const inserted = await insertNote(tx, {
        postId: target.postId,
        pageId: target.pageId,
        parentId,
        author: me,
        body: request.body.body,
        createdAt: ctx.now(),
      });
      await record("noteCreated", { noteId: inserted.id });
      return inserted;
    });
    return reply.status(201).send((await presentNote(ctx.db, row.id))!);
  });

  route(app, noteResolve, {}, async (request) => {
    const viewer = authorCaller(request);
    const me = viewer.authorKey;
    const target = await reachable(request.params.id, viewer);
    if (target.parentId) throw noteMissing();
    await setResolved(ctx.db, target.id, request.body.resolved ? me : null, ctx.now());
    return (await presentNote(ctx.db, target.id))!;
  });

  route(app, noteDelete, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const me = viewer.authorKey;
    const target = await reachable(request.params.id, viewer);
    if (target.author !== me) throw forbidden(NOTES_MESSAGES.notYours);
    await deleteNote(ctx.db, target.id);
    return reply.status(204).send();
  });
}
