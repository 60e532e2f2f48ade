import DOMPurify from "dompurify";
import { useId, useMemo, useRef } from "react";
import {
  AUTHORS,
  type AuthorKey,
  POST_EXCERPT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from "../../../../common/limits";
import { insertAtCursor, markerFor, moveMarker } from "../../../../common/rules/markers";
import { purifyPostHtml } from "../../../../common/rules/post-html";
import { type EditorValue, previewHtml } from "../editor-model";
import { ContentEditor, type ContentEditorHandle } from "./content-editor";
import { ImageManager } from "./image-manager";
import "../editor.css";

interface Props {
  value: EditorValue;
  onChange: (next: EditorValue) => void;
  /** Create shows the author chooser; an edit keeps the post's author. */
  mode: "create" | "edit";
  /** The viewer's own author value: the only one they may publish as (the other is shown, disabled). */
  ownAuthor?: AuthorKey | null;
}

/** The fields of the new-post form and of inline edit mode, with a live preview. */
export function PostEditor({ value, onChange, mode, ownAuthor }: Props) {
  const uid = useId();
  const content = useRef<ContentEditorHandle>(null);
  const preview = useMemo(() => previewHtml(value, (html) => purifyPostHtml(DOMPurify, html)), [value]);

  return (
    <div className="post-editor">
      <label className="field" htmlFor={`${uid}-title`}>
        <span>Title</span>
        <input
          id={`${uid}-title`}
          type="text"
          required
          maxLength={POST_TITLE_MAX_LENGTH}
          value={value.title}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
        />
      </label>
      {mode === "create" ? (
        <label className="field" htmlFor={`${uid}-author`}>
          <span>Author</span>
          <select
            id={`${uid}-author`}
            value={value.author}
            onChange={(e) => onChange({ ...value, author: e.target.value as AuthorKey })}
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
          id={`${uid}-excerpt`}
          type="text"
          maxLength={POST_EXCERPT_MAX_LENGTH}
          value={value.excerpt}
          aria-describedby={`${uid}-excerpt-hint`}
          onChange={(e) => onChange({ ...value, excerpt: e.target.value })}
        />
        <small id={`${uid}-excerpt-hint`} className="field-hint">
          Left empty, the first 150 characters of the post are used.
        </small>
      </label>
      <label className="field" htmlFor={`${uid}-hashtags`}>
        <span>Hashtags</span>
        <input
          id={`${uid}-hashtags`}
          type="text"
          value={value.hashtags}
          placeholder="travel, food, paris"
          aria-describedby={`${uid}-hashtags-hint`}
          onChange={(e) => onChange({ ...value, hashtags: e.target.value })}
        />
        <small id={`${uid}-hashtags-hint`} className="field-hint">
          Separate hashtags with commas; 3 to 5 hashtags are recommended.
        </small>
      </label>
      <div className="field">
        <label htmlFor={`${uid}-content`}>Content</label>
        <ContentEditor
          id={`${uid}-content`}
          ref={content}
          required
          value={value.content}
          onChange={(text) => onChange({ ...value, content: text })}
        />
      </div>
      <ImageManager
        value={value}
        onChange={onChange}
        onInsert={(image) => {
          const cursor = content.current?.cursor() ?? value.content.length;
          const next = insertAtCursor(value.content, cursor, markerFor(image, value.images));
          onChange({
            ...value,
            content: next.text,
            images: value.images.map((i) => (i.id === image.id ? { ...i, insertPosition: cursor } : i)),
          });
        }}
        onMove={(image, direction) =>
          onChange({ ...value, content: moveMarker(value.content, image.id, direction) })
        }
      />
      <section className="editor-preview" aria-labelledby={`${uid}-preview`}>
        <h2 id={`${uid}-preview`} className="editor-preview-heading">
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
  );
}
