import type { Editor } from "@tiptap/react";
import DOMPurify from "dompurify";
import {
  type Dispatch,
  forwardRef,
  type ReactNode,
  type SetStateAction,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import {
  AUTHORS,
  type AuthorKey,
  POST_EXCERPT_MAX_LENGTH,
  POST_SLUG_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from "../../../../common/limits";
import { purifyPostHtml } from "../../../../common/rules/post-html";
import type { CollabState } from "../collab/use-collab";
import { type EditorValue, previewHtml } from "../editor-model";
import { NotesBeside } from "../notes/notes-beside";
import { useContentImages } from "../use-add-images";
import { ContentField, type EditorView } from "./content-field";
import { DroppedNote } from "./dropped-note";
import { ImageManager } from "./image-manager";
import { ModeTabs, type WritingMode } from "./mode-tabs";
import "../prosemirror.css";
import "../editor.css";
import "../publish-actions.css";
import "../canvas.css";

export interface FieldErrors {
  title?: boolean;
  content?: boolean;
  /** The id of the message that explains the errors. */
  messageId?: string;
}

export interface PostEditorHandle {
  /** Move focus to the first field in error. */
  focusFirstInvalid(errors: FieldErrors): void;
}

interface Props {
  value: EditorValue;
  onChange: Dispatch<SetStateAction<EditorValue>>;
  /** Create shows the author chooser; an edit keeps the post's author. */
  mode: "create" | "edit";
  /** The viewer's own author value: the only one they may publish as (the other is shown, disabled). */
  ownAuthor?: AuthorKey | null;
  errors?: FieldErrors;
  /** The top of the side panel, always shown (the new-post form's publish actions). */
  side?: ReactNode;
  /** Writing together on this draft or scheduled post; notes: its notes in the margin (by its id). */
  collab?: CollabState | null;
  notesOn?: string;
}

/** A phone starts with the side panel's settings folded; a wider screen shows them. */
const WIDE_QUERY = "(min-width: 900px)";
const startsOpen = () => typeof window === "undefined" || window.matchMedia(WIDE_QUERY).matches;

/**
 * The fields of the new-post form and of inline edit mode: a canvas (title, then the
 * text, or the preview: a mode, not a second copy) and a side panel (author, excerpt, hashtags,
 * images, and what `side` brings), beside the canvas on a wide form, under it on a narrow one.
 */
export const PostEditor = forwardRef<PostEditorHandle, Props>(function PostEditor(
  { value, onChange, mode, ownAuthor, errors = {}, side, collab, notesOn },
  ref,
) {
  const uid = useId();
  const [writing, setWriting] = useState<WritingMode>("edit");
  const [settingsOpen, setSettingsOpen] = useState(startsOpen);
  const title = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<EditorView>("visual");
  const [visual, setVisual] = useState<Editor | null>(null);
  const { content, contentField, imageManager } = useContentImages(value, onChange);
  const preview = useMemo(() => previewHtml(value, (html) => purifyPostHtml(DOMPurify, html)), [value]);
  const describe = (hint: string | null, invalid?: boolean) =>
    [invalid ? errors.messageId : null, hint].filter(Boolean).join(" ") || undefined;

  useImperativeHandle(ref, () => ({
    focusFirstInvalid: (e) => {
      // The fields are in the Edit mode: an error brings it back before focus moves.
      if (e.title || e.content) flushSync(() => setWriting("edit"));
      if (e.title) title.current?.focus();
      else if (e.content) content.current?.focus();
    },
  }));

  return (
    <div className="post-editor">
      <div className="editor-canvas">
        <ModeTabs id={uid} mode={writing} onChange={setWriting} />
        <div
          id={`${uid}-edit`}
          role="tabpanel"
          aria-labelledby={`${uid}-edit-tab`}
          hidden={writing !== "edit"}
        >
          <label className="field" htmlFor={`${uid}-title`}>
            <span>Title</span>
            <input
              className="input"
              id={`${uid}-title`}
              ref={title}
              type="text"
              required
              aria-required="true"
              aria-invalid={errors.title || undefined}
              aria-describedby={describe(null, errors.title)}
              maxLength={POST_TITLE_MAX_LENGTH}
              value={value.title}
              onChange={(e) => {
                const text = e.target.value;
                onChange((v) => ({ ...v, title: text }));
              }}
            />
          </label>
          <ContentField
            id={`${uid}-content`}
            {...contentField}
            thumbnailId={value.thumbnailId}
            collab={collab}
            onEditor={setVisual}
            onView={setView}
            invalid={errors.content}
            describedBy={describe(`${uid}-dropped`, errors.content)}
          />
          <DroppedNote id={`${uid}-dropped`} content={value.content} />
        </div>
        <div
          id={`${uid}-view`}
          role="tabpanel"
          aria-labelledby={`${uid}-view-tab`}
          hidden={writing !== "preview"}
        >
          <section className="editor-preview" aria-labelledby={`${uid}-preview`}>
            <h2 id={`${uid}-preview`} className="visually-hidden">
              Preview
            </h2>
            {value.title ? <p className="editor-preview-title">{value.title}</p> : null}
            <div
              className="post-content"
              data-testid="editor-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by purifyPostHtml (the post-content allowlist).
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          </section>
        </div>
      </div>
      <aside className="editor-side" aria-label="Post settings">
        {side}
        {notesOn ? <NotesBeside kind="posts" docId={notesOn} collab={collab} editor={visual} /> : null}
        <details
          className="editor-side-details"
          open={settingsOpen}
          onToggle={(e) => setSettingsOpen(e.currentTarget.open)}
        >
          <summary>Post settings</summary>
          {mode === "create" ? (
            <label className="field" htmlFor={`${uid}-author`}>
              <span>Author</span>
              <select
                className="input"
                id={`${uid}-author`}
                value={value.author}
                onChange={(e) => {
                  const author = e.target.value as AuthorKey;
                  onChange((v) => ({ ...v, author }));
                }}
              >
                {AUTHORS.map((a) => (
                  // Decision: both values are listed, but an author publishes only as themself.
                  <option key={a} value={a} disabled={!!ownAuthor && a !== ownAuthor}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="field" htmlFor={`${uid}-excerpt`}>
            <span>Excerpt (optional)</span>
            <input
              className="input"
              id={`${uid}-excerpt`}
              type="text"
              maxLength={POST_EXCERPT_MAX_LENGTH}
              value={value.excerpt}
              aria-describedby={`${uid}-excerpt-hint`}
              onChange={(e) => {
                const text = e.target.value;
                onChange((v) => ({ ...v, excerpt: text }));
              }}
            />
            <small id={`${uid}-excerpt-hint`} className="field-hint">
              Left empty, the first 150 characters of the post are used.
            </small>
          </label>
          <label className="field" htmlFor={`${uid}-slug`}>
            <span>Address (optional)</span>
            <input
              className="input"
              id={`${uid}-slug`}
              type="text"
              maxLength={POST_SLUG_MAX_LENGTH * 2}
              value={value.slug}
              aria-describedby={`${uid}-slug-hint`}
              onChange={(e) => {
                const text = e.target.value;
                onChange((v) => ({ ...v, slug: text }));
              }}
            />
            <small id={`${uid}-slug-hint`} className="field-hint">
              The post's link: /post/{value.slug.trim() || "made-from-the-title"}. Lower-case letters, digits
              and hyphens; an old link keeps working.
            </small>
          </label>
          <label className="field" htmlFor={`${uid}-hashtags`}>
            <span>Hashtags</span>
            <input
              className="input"
              id={`${uid}-hashtags`}
              type="text"
              value={value.hashtags}
              placeholder="travel, food, paris"
              aria-describedby={`${uid}-hashtags-hint`}
              onChange={(e) => {
                const text = e.target.value;
                onChange((v) => ({ ...v, hashtags: text }));
              }}
            />
            <small id={`${uid}-hashtags-hint`} className="field-hint">
              Separate hashtags with commas; 3 to 5 hashtags are recommended.
            </small>
          </label>
          <ImageManager {...imageManager} compact={view === "visual"} />
        </details>
      </aside>
    </div>
  );
});
