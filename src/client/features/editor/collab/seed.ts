import { createDocument } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { prosemirrorToYXmlFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";

/** The shared document's one XmlFragment: the Collaboration extension's default field. */
export const COLLAB_FIELD = "default";

/** The origin of a seed applied to the shared document (not the author's typing: no undo step). */
export const SEED_ORIGIN = "duet-seed";

/**
 * The Yjs update that writes `html` (the visual editor's HTML) as the document's first content.
 * Deterministic: the same HTML gives the same structs, byte for byte, because they are written by
 * a fresh document whose client id is 0 (clock 0 upwards). Two tabs that seed the same empty room
 * at once therefore send the same structs, and Yjs keeps one copy (it knows each id already).
 */
export function seedUpdate(schema: Schema, html: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = 0;
  const pm = createDocument(html, schema, undefined, { errorOnInvalidContent: false });
  prosemirrorToYXmlFragment(pm, doc.getXmlFragment(COLLAB_FIELD));
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/**
 * Once the room's state has arrived: an empty document takes the saved post's content; one with
 * content keeps it (a partner's work, or this room's history). Returns whether it seeded.
 */
export function seedIfEmpty(doc: Y.Doc, schema: Schema, html: string): boolean {
  if (doc.getXmlFragment(COLLAB_FIELD).length > 0) return false;
  Y.applyUpdate(doc, seedUpdate(schema, html), SEED_ORIGIN);
  return true;
}
