import { Extension } from "@tiptap/core";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";
import { AUTHORS, type AuthorKey } from "../../../../common/limits";

/** Who is writing, as the partner's tab shows it: a name and the author's colour (--him, --her). */
export interface CollabUser {
  name: string;
  author: AuthorKey;
  /** y-tiptap wants a #rrggbb colour; what is drawn is the theme's token, by class (collab.css). */
  color: string;
}

/** The light theme's --him and --her (theme.css): only y-tiptap's own check reads them. */
const HEX: Record<AuthorKey, string> = { him: "#1f5fbf", her: "#b0356e" };
const NAME_MAX = 60;

export const collabUser = (name: string, author: AuthorKey): CollabUser => ({
  name: name.slice(0, NAME_MAX),
  author,
  color: HEX[author],
});

/**
 * A partner's awareness state is outside data: a name as text (shortened), an author only when
 * it is one of the two, anything else ignored.
 */
export function readUser(state: unknown): CollabUser | null {
  const user = (state as { user?: unknown } | null)?.user as Record<string, unknown> | undefined;
  if (!user || typeof user.name !== "string" || !AUTHORS.includes(user.author as AuthorKey)) return null;
  return collabUser(user.name || "Your partner", user.author as AuthorKey);
}

/** A partner's caret: a thin bar in their colour with their name above it (no inline styles: CSP). */
function caret(state: unknown): HTMLElement {
  const user = readUser({ user: state });
  const bar = document.createElement("span");
  bar.className = `collab-caret collab-caret--${user?.author ?? "him"}`;
  bar.setAttribute("contenteditable", "false");
  const label = document.createElement("span");
  label.className = "collab-caret-label";
  label.textContent = user?.name ?? "Your partner";
  // Word joiners keep the caret from breaking a line, as y-tiptap's own does.
  bar.append("\u2060", label, "\u2060");
  return bar;
}

const selection = (state: unknown) => ({
  class: `collab-selection collab-selection--${readUser({ user: state })?.author ?? "him"}`,
});

/**
 * The partner's caret and selection with their name and colour: y-tiptap's cursor plugin,
 * drawn by our own builders. Our own state (the user) is set on the shared awareness.
 */
export const CollabCaret = Extension.create<{ awareness: Awareness | null; user: CollabUser | null }>({
  name: "collabCaret",
  addOptions: () => ({ awareness: null, user: null }),
  addProseMirrorPlugins() {
    const { awareness, user } = this.options;
    if (!awareness) return [];
    if (user) awareness.setLocalStateField("user", user);
    return [yCursorPlugin(awareness, { cursorBuilder: caret, selectionBuilder: selection })];
  },
});
