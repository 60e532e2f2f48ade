import type { Node } from "@tiptap/pm/model";
import type { EditorState } from "@tiptap/pm/state";
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { NOTE_QUOTE_MAX_LENGTH } from "../../../../common/limits";

type ProsemirrorMapping = Parameters<typeof absolutePositionToRelativePosition>[2];

/** What ties ProseMirror positions to the shared document: y-tiptap's binding. */
export interface AnchorBinding {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: ProsemirrorMapping;
}

export interface NoteAnchor {
  start: string;
  end: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The editor's binding, once the sync plugin has one (null before, or without writing together). */
export function bindingOf(state: EditorState): AnchorBinding | null {
  const binding = ySyncPluginKey.getState(state)?.binding as
    | { type: Y.XmlFragment; mapping: ProsemirrorMapping }
    | undefined;
  const doc = binding?.type.doc;
  return binding && doc ? { doc, type: binding.type, mapping: binding.mapping } : null;
}

/** Two ProseMirror positions as two Yjs relative positions (base64): they follow their words. */
export function encodeAnchor(binding: AnchorBinding, from: number, to: number): NoteAnchor {
  const at = (pos: number) =>
    toBase64(
      Y.encodeRelativePosition(absolutePositionToRelativePosition(pos, binding.type, binding.mapping)),
    );
  return { start: at(from), end: at(to) };
}

/**
 * Where a note's words are now, or null when they are gone (deleted, or an anchor that is not a
 * relative position: the server never decodes them, so they are read here as outside data).
 */
export function resolveAnchor(
  binding: AnchorBinding,
  anchor: NoteAnchor | null,
): { from: number; to: number } | null {
  if (!anchor) return null;
  try {
    const at = (text: string) =>
      relativePositionToAbsolutePosition(
        binding.doc,
        binding.type,
        Y.decodeRelativePosition(fromBase64(text)),
        binding.mapping,
      );
    const from = at(anchor.start);
    const to = at(anchor.end);
    return from !== null && to !== null && from < to ? { from, to } : null;
  } catch {
    return null;
  }
}

/** The selected words as a note quotes them: plain text, one space between blocks, cut to the limit. */
export function quoteOf(doc: Node, from: number, to: number): string {
  return doc.textBetween(from, to, " ", " ").trim().slice(0, NOTE_QUOTE_MAX_LENGTH);
}
