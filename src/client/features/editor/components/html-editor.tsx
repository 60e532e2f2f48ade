import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from "react";
import { CONTENT_TEXTAREA_ROWS } from "../../../../common/limits";
import { findMarkers } from "../../../../common/rules/markers";
import { FormatToolbar, selectTextAlert, type ToolbarStyle } from "./format-toolbar";

export interface ContentHandle {
  /**
   * Put markers (`[IMAGE:id]`, `[PAIRED:a:b]`) at the cursor (the last place the author was in the content); markers already
   * holding any of `moveIds` are taken out first, so the images move there.
   */
  insertMarkers(markers: readonly string[], moveIds: readonly string[]): void;
  focus(): void;
}

interface Props {
  id: string;
  value: string;
  onChange: (update: (text: string) => string) => void;
  onFiles: (files: File[]) => void;
  describedBy?: string;
  invalid?: boolean;
}

const TAGS: Record<ToolbarStyle, string> = {
  bold: "strong",
  italic: "em",
  underline: "u",
  "heading 2": "h2",
  "heading 3": "h3",
  quote: "blockquote",
  "bullet list": "ul",
};

function wrapList(selected: string): string {
  const items = selected
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<li>${l}</li>`);
  return `<ul>\n${items.join("\n")}\n</ul>`;
}

/** The HTML view: SPEC's 10-row content text area with the §4 image markers and the §9 toolbar. */
export const HtmlEditor = forwardRef<ContentHandle, Props>(function HtmlEditor(
  { id, value, onChange, onFiles, describedBy, invalid },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const lastCursor = useRef(value.length);
  const pendingSelection = useRef<[number, number] | null>(null);

  useImperativeHandle(ref, () => ({
    insertMarkers: (markers, moveIds) => {
      const marker = markers.join("\n");
      onChange((original) => {
        let text = original;
        let at = Math.min(lastCursor.current, text.length);
        for (const m of findMarkers(text).reverse()) {
          if (!m.ids.some((id) => moveIds.includes(id))) continue;
          const end =
            text[m.end] === "\n" && (m.start === 0 || text[m.start - 1] === "\n") ? m.end + 1 : m.end;
          text = text.slice(0, m.start) + text.slice(end);
          if (end <= at) at -= end - m.start;
          else if (m.start < at) at = m.start;
        }
        const before = text.slice(0, at);
        const after = text.slice(at);
        // A marker sits on a line of its own.
        const lead = before === "" || before.endsWith("\n") ? "" : "\n";
        const trail = after === "" || after.startsWith("\n") ? "" : "\n";
        lastCursor.current = at + lead.length + marker.length;
        return `${before}${lead}${marker}${trail}${after}`;
      });
    },
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
    onChange((text) => text.slice(0, start) + replacement + text.slice(end));
    pendingSelection.current = selectInner ?? [start, start + replacement.length];
  };

  const handleStyle = (style: ToolbarStyle) => {
    const { start, end } = selection();
    const selected = value.slice(start, end);
    const tag = TAGS[style];
    if (tag === "ul") {
      replaceSelection(start, end, wrapList(selected || "item"));
      return;
    }
    const open = `<${tag}>`;
    replaceSelection(start, end, `${open}${selected}</${tag}>`, [
      start + open.length,
      start + open.length + selected.length,
    ]);
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
      <FormatToolbar
        controls={id}
        onStyle={handleStyle}
        onFont={(font) => applySpan("font", `font-family: ${font}`)}
        onSize={(pt) => applySpan("size", `font-size: ${pt}pt`)}
        onColour={(css) => applySpan("colour", `color: ${css}`)}
      />
      <textarea
        id={id}
        ref={area}
        className="input editor-textarea"
        rows={CONTENT_TEXTAREA_ROWS}
        value={value}
        required
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          const text = e.target.value;
          onChange(() => text);
          lastCursor.current = e.target.selectionStart;
        }}
        onSelect={remember}
        onKeyUp={remember}
        onClick={remember}
        onBlur={remember}
        onDrop={(e) => {
          const files = Array.from(e.dataTransfer.files).filter((f) => f.type.startsWith("image/"));
          if (files.length === 0) return;
          e.preventDefault();
          remember();
          onFiles(files);
        }}
      />
    </div>
  );
});
