import type { Editor } from "@tiptap/react";
import { type Dispatch, forwardRef, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { CollabPresence } from "../collab/presence";
import type { CollabState } from "../collab/use-collab";
import type { EditorImage, EditorValue } from "../editor-model";
import { type ContentHandle, HtmlEditor } from "./html-editor";
import { VisualEditor } from "./visual-editor";

export type EditorView = "visual" | "html";
/** The author's choice of view is remembered in this browser. */
export const EDITOR_VIEW_STORAGE_KEY = "duet-editor-view";

function savedView(): EditorView {
  try {
    return localStorage.getItem(EDITOR_VIEW_STORAGE_KEY) === "html" ? "html" : "visual";
  } catch {
    return "visual";
  }
}

interface Props {
  id: string;
  content: string;
  images: readonly EditorImage[];
  thumbnailId?: string | null;
  onChange: Dispatch<SetStateAction<EditorValue>>;
  /** Told which view is shown (the Images panel is shorter beside the visual view). */
  onView?: (view: EditorView) => void;
  onFiles: (files: File[]) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Writing together (drafts, scheduled posts, pages): who is here, and the shared document. */
  collab?: CollabState | null;
  /** Told the visual editor of a shared session (the notes' panel works on it). */
  onEditor?: (editor: Editor | null) => void;
}

/** The content: a visual editor by default, the SPEC's HTML text area one click away. */
export const ContentField = forwardRef<ContentHandle, Props>(function ContentField(
  { id, content, images, thumbnailId, onChange, onView, describedBy, invalid, onFiles, collab, onEditor },
  ref,
) {
  const labelId = useId();
  const [view, setView] = useState<EditorView>(savedView);
  const onViewRef = useRef(onView);
  onViewRef.current = onView;
  useEffect(() => onViewRef.current?.(view), [view]);
  const choose = (next: EditorView) => {
    setView(next);
    try {
      localStorage.setItem(EDITOR_VIEW_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  const setContent = (update: (text: string) => string) =>
    onChange((v) => ({ ...v, content: update(v.content) }));
  // Writing without tags is the HTML view's rule: its hint shows there only.
  const hintId = `${id}-hint`;
  const shared = { id, value: content, onChange: setContent, onFiles, describedBy, invalid, ref };
  // Writing together, the visual editor stays mounted behind the HTML view: the partner's changes
  // keep arriving, and the HTML view's text goes into the shared document through it (setContent).
  const together = collab && collab.phase !== "alone" ? collab : null;
  const visual = view !== "html" || together;
  // Until the shared document has arrived, neither view: what is typed would not be in it.
  const opening = together && !together.session;

  return (
    <div className="field content-field">
      <div className="content-field-head">
        {view === "html" ? (
          <label id={labelId} htmlFor={id}>
            Content
          </label>
        ) : (
          <span id={labelId} className="content-field-label">
            Content
          </span>
        )}
        <fieldset className="view-switch">
          <legend className="visually-hidden">Editor view</legend>
          <button
            type="button"
            className="view-switch-button"
            aria-pressed={view === "visual"}
            onClick={() => choose("visual")}
          >
            Visual
          </button>
          <button
            type="button"
            className="view-switch-button"
            aria-pressed={view === "html"}
            onClick={() => choose("html")}
          >
            HTML
          </button>
        </fieldset>
      </div>
      {collab ? <CollabPresence collab={collab} /> : null}
      {opening ? (
        <p className="field-hint collab-opening" aria-busy="true">
          Opening the shared document…
        </p>
      ) : view === "html" ? (
        <>
          <HtmlEditor {...shared} describedBy={[describedBy, hintId].filter(Boolean).join(" ")} />
          <small id={hintId} className="field-hint">
            A blank line starts a new paragraph.
          </small>
        </>
      ) : null}
      {visual && !opening ? (
        <VisualEditor
          {...shared}
          // A new shared session (after a reset) is a new editor.
          key={together?.session?.key ?? "alone"}
          ref={view === "html" ? undefined : ref}
          id={view === "html" ? `${id}-visual` : id}
          hidden={view === "html"}
          labelledBy={labelId}
          images={images}
          thumbnailId={thumbnailId}
          onValue={onChange}
          collab={together ? { session: together.session, user: together.user, onEditor } : undefined}
        />
      ) : null}
    </div>
  );
});
