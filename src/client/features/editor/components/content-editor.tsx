import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from "react";
import {
  CONTENT_TEXTAREA_ROWS,
  EDITOR_COLOURS,
  EDITOR_FONT_SIZES_PT,
  EDITOR_FONTS,
  TOOLBAR_STYLES,
} from "../../../../common/limits";

type ToolbarStyle = (typeof TOOLBAR_STYLES)[number];

const TOOLBAR: Record<ToolbarStyle, { label: string; tag: string; text: string }> = {
  bold: { label: "Bold", tag: "strong", text: "B" },
  italic: { label: "Italic", tag: "em", text: "I" },
  underline: { label: "Underline", tag: "u", text: "U" },
  "heading 2": { label: "Heading 2", tag: "h2", text: "H2" },
  "heading 3": { label: "Heading 3", tag: "h3", text: "H3" },
  quote: { label: "Quote", tag: "blockquote", text: "❝" },
  "bullet list": { label: "Bullet list", tag: "ul", text: "• List" },
};

/** SPEC §5: styling needs selected text; the style's name goes in place of the dots. */
export const selectTextAlert = (styleName: string) => `Please select some text before applying ${styleName}`;

export interface ContentEditorHandle {
  /** The cursor (or selection start) of the last time the text area had focus. */
  cursor(): number;
  focus(): void;
}

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

function wrapList(selected: string): string {
  const items = selected
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<li>${l}</li>`);
  return `<ul>\n${items.join("\n")}\n</ul>`;
}

/** The 10-row content text area with the SPEC §9 toolbar and font / size / colour selects. */
export const ContentEditor = forwardRef<ContentEditorHandle, Props>(function ContentEditor(
  { id, value, onChange, required },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const lastCursor = useRef(value.length);
  const pendingSelection = useRef<[number, number] | null>(null);

  useImperativeHandle(ref, () => ({
    cursor: () => Math.min(lastCursor.current, value.length),
    focus: () => area.current?.focus(),
  }));

  // After a wrap, select the wrapped text again so the author can keep styling it.
  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    if (sel && area.current) {
      pendingSelection.current = null;
      area.current.focus();
      area.current.setSelectionRange(sel[0], sel[1]);
    }
  });

  const selection = () => {
    const el = area.current;
    if (!el) return { start: value.length, end: value.length };
    return { start: el.selectionStart, end: el.selectionEnd };
  };

  const replaceSelection = (
    start: number,
    end: number,
    replacement: string,
    selectInner?: [number, number],
  ) => {
    onChange(value.slice(0, start) + replacement + value.slice(end));
    pendingSelection.current = selectInner ?? [start, start + replacement.length];
  };

  const handleToolbar = (style: ToolbarStyle) => {
    const { start, end } = selection();
    const selected = value.slice(start, end);
    const { tag } = TOOLBAR[style];
    if (tag === "ul") {
      const list = wrapList(selected || "item");
      replaceSelection(start, end, list);
      return;
    }
    const open = `<${tag}>`;
    const wrapped = `${open}${selected}</${tag}>`;
    replaceSelection(start, end, wrapped, [start + open.length, start + open.length + selected.length]);
  };

  const applySpan = (styleName: string, css: string) => {
    const { start, end } = selection();
    if (start === end) {
      window.alert(selectTextAlert(styleName));
      return;
    }
    const open = `<span style="${css}">`;
    const selected = value.slice(start, end);
    replaceSelection(start, end, `${open}${selected}</span>`, [
      start + open.length,
      start + open.length + selected.length,
    ]);
  };

  const remember = () => {
    if (area.current) lastCursor.current = area.current.selectionStart;
  };

  return (
    <div className="content-editor">
      <div className="editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {TOOLBAR_STYLES.map((style) => (
          <button
            key={style}
            type="button"
            className="editor-tool"
            title={TOOLBAR[style].label}
            aria-label={TOOLBAR[style].label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => handleToolbar(style)}
          >
            {TOOLBAR[style].text}
          </button>
        ))}
        <label className="editor-select">
          <span className="visually-hidden">Font</span>
          <select
            value=""
            onChange={(e) => {
              const font = e.target.value;
              if (font) applySpan("font", `font-family: ${font}`);
            }}
          >
            <option value="">Font</option>
            {EDITOR_FONTS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label className="editor-select">
          <span className="visually-hidden">Size</span>
          <select
            value=""
            onChange={(e) => {
              const size = e.target.value;
              if (size) applySpan("size", `font-size: ${size}pt`);
            }}
          >
            <option value="">Size</option>
            {EDITOR_FONT_SIZES_PT.map((s) => (
              <option key={s} value={s}>
                {s}pt
              </option>
            ))}
          </select>
        </label>
        <label className="editor-select">
          <span className="visually-hidden">Colour</span>
          <select
            value=""
            onChange={(e) => {
              const colour = e.target.value;
              if (colour) applySpan("colour", `color: ${colour}`);
            }}
          >
            <option value="">Colour</option>
            {EDITOR_COLOURS.map(([label, css]) => (
              <option key={css} value={css}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <textarea
        id={id}
        ref={area}
        className="editor-textarea"
        rows={CONTENT_TEXTAREA_ROWS}
        value={value}
        required={required}
        onChange={(e) => {
          onChange(e.target.value);
          lastCursor.current = e.target.selectionStart;
        }}
        onSelect={remember}
        onKeyUp={remember}
        onClick={remember}
        onBlur={remember}
      />
    </div>
  );
});
