import { thumbnailKept } from "../../../common/rules/markers";
import type { EditorValue } from "./editor-model";

/**
 * Closing the tab loses nothing: the new-post form keeps a copy of its work in this
 * browser on every change, beside the draft it autosaves on the server.
 */
export const DRAFT_STORAGE_KEY = "duet-admin-draft";

export interface StoredDraft {
  value: EditorValue;
  /** The server draft this work is saved in, once it is. */
  draftId: string | null;
  savedAt: string;
}

export function readStoredDraft(): StoredDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredDraft;
    if (typeof stored?.value?.title !== "string" || typeof stored.value.content !== "string") return null;
    return stored;
  } catch {
    return null;
  }
}

export function storeDraft(value: EditorValue, draftId: string | null): void {
  // An image not uploaded yet has only a page-local preview; it is not kept across pages.
  const images = value.images.filter((i) => i.uploaded).map((i) => ({ ...i, file: null }));
  const thumbnailId = thumbnailKept(value.thumbnailId, images, "id");
  const stored: StoredDraft = {
    value: { ...value, images, thumbnailId },
    draftId,
    savedAt: new Date().toISOString(),
  };
  try {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the server draft still holds the work.
  }
}

export function clearStoredDraft(): void {
  try {
    localStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
