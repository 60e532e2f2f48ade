import type { ReactNode } from "react";
import {
  EDITOR_COLOURS,
  EDITOR_FONT_SIZES_PT,
  EDITOR_FONTS,
  TOOLBAR_STYLES,
} from "../../../../common/editor-limits";
import { StylePicker } from "./style-picker";

export type ToolbarStyle = (typeof TOOLBAR_STYLES)[number];

export const TOOLBAR: Record<ToolbarStyle, { label: string; text: string }> = {
  bold: { label: "Bold", text: "B" },
  italic: { label: "Italic", text: "I" },
  underline: { label: "Underline", text: "U" },
  // The name holds the visible text (axe label-content-name-mismatch).
  "heading 2": { label: "H2, Heading 2", text: "H2" },
  "heading 3": { label: "H3, Heading 3", text: "H3" },
  quote: { label: "Quote", text: "❝" },
  "bullet list": { label: "Bullet list", text: "• List" },
};

/** SPEC §5: styling needs selected text; the style's name goes in place of the dots. */
export const selectTextAlert = (styleName: string) => `Please select some text before applying ${styleName}`;

const FONT_OPTIONS = EDITOR_FONTS.map((f) => ({ value: f, label: f }));
const SIZE_OPTIONS = EDITOR_FONT_SIZES_PT.map((s) => ({ value: String(s), label: `${s}pt` }));
const COLOUR_OPTIONS = EDITOR_COLOURS.map(([label, css]) => ({ value: css, label }));

export interface ToolbarActions {
  onStyle: (style: ToolbarStyle) => void;
  /** Font name, size in pt, CSS colour: each from the SPEC §9 lists. */
  onFont: (font: string) => void;
  onSize: (pt: string) => void;
  onColour: (css: string) => void;
  isActive?: (style: ToolbarStyle) => boolean;
  /** The visual view's link dialog (Ctrl/Cmd+K); `linkActive` when the caret is on a link. */
  onLink?: () => void;
  linkActive?: boolean;
  /** The visual view's video dialog. */
  onEmbed?: () => void;
  /** The visual view's table tool. */
  tableTools?: ReactNode;
}

/** The SPEC §9 toolbar: the seven styles, then the font, size and colour pickers. */
export function FormatToolbar({ controls, ...actions }: ToolbarActions & { controls: string }) {
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls}>
      {TOOLBAR_STYLES.map((style) => (
        <button
          key={style}
          type="button"
          className="editor-tool"
          title={TOOLBAR[style].label}
          aria-label={TOOLBAR[style].label}
          aria-pressed={actions.isActive ? actions.isActive(style) : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => actions.onStyle(style)}
        >
          {TOOLBAR[style].text}
        </button>
      ))}
      {actions.onLink ? (
        <button
          type="button"
          className="editor-tool"
          title="Link (Ctrl+K)"
          aria-keyshortcuts="Control+K Meta+K"
          aria-pressed={actions.linkActive ?? false}
          onMouseDown={(e) => e.preventDefault()}
          onClick={actions.onLink}
        >
          Link
        </button>
      ) : null}
      {actions.onEmbed ? (
        <button
          type="button"
          className="editor-tool"
          title="Embed a YouTube or Vimeo video"
          onMouseDown={(e) => e.preventDefault()}
          onClick={actions.onEmbed}
        >
          Embed
        </button>
      ) : null}
      {actions.tableTools}
      <StylePicker label="Font" options={FONT_OPTIONS} onPick={actions.onFont} />
      <StylePicker label="Size" options={SIZE_OPTIONS} onPick={actions.onSize} />
      <StylePicker label="Colour" options={COLOUR_OPTIONS} onPick={actions.onColour} />
    </div>
  );
}
