import { Collaboration } from "@tiptap/extension-collaboration";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import {
  type Dispatch,
  forwardRef,
  type SetStateAction,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { defaultEmbedTitle } from "../../../../common/rules/embeds";
import { CollabCaret, type CollabUser } from "../collab/caret";
import { COLLAB_FIELD } from "../collab/seed";
import type { CollabSession } from "../collab/use-collab";
import type { EditorImage, EditorValue } from "../editor-model";
import { imageActions } from "../image-actions";
import { docToText, textToEditorHtml } from "../visual/convert";
import { EditorImagesContext, ImageMarkerWithView, ImageToolsContext } from "../visual/image-view";
import { ownTexts } from "../visual/own-texts";
import { editorExtensions } from "../visual/schema";
import { surfaceProps } from "../visual/surface-props";
import { VideoEmbedWithView } from "../visual/video-embed-view";
import { useActiveStyles } from "./active-styles";
import { EmbedDialog } from "./embed-dialog";
import { FormatToolbar, selectTextAlert, type ToolbarStyle } from "./format-toolbar";
import type { ContentHandle } from "./html-editor";
import { LinkDialog, type LinkDraft } from "./link-dialog";
import { TableTools } from "./table-tools";

interface Props {
  id: string;
  labelledBy: string;
  value: string;
  images: readonly EditorImage[];
  /** The chosen thumbnail, and the whole value's setter: the image toolbar acts on the list. */
  thumbnailId?: string | null;
  onValue?: Dispatch<SetStateAction<EditorValue>>;
  onChange: (update: (text: string) => string) => void;
  onFiles: (files: File[]) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Writing together: the shared document (null while it connects: read-only until then); onEditor: the notes' panel. */
  collab?: { session: CollabSession | null; user: CollabUser | null; onEditor?: (e: Editor | null) => void };
  /** Kept mounted but not shown (the HTML view is open while writing together). */
  hidden?: boolean;
}

/** The visual view: the post as readers will see it, editable in place (TipTap). */
export const VisualEditor = forwardRef<ContentHandle, Props>(function VisualEditor(
  {
    id,
    labelledBy,
    value,
    images,
    thumbnailId = null,
    onValue,
    onChange,
    onFiles,
    describedBy,
    invalid,
    collab,
    hidden,
  },
  ref,
) {
  const tools = useMemo(
    () => (onValue ? { images, thumbnailId, act: imageActions(onValue) } : null),
    [images, thumbnailId, onValue],
  );
  // The texts this editor produced: a value that is not one of them came from outside.
  const [emitted] = useState(() => ownTexts(value));
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;
  const [link, setLink] = useState<LinkDraft | null>(null);
  const [embedding, setEmbedding] = useState(false);
  const openLinkRef = useRef<() => void>(() => undefined);

  const shared = collab?.session;
  const editor = useEditor({
    extensions: editorExtensions(
      ImageMarkerWithView,
      VideoEmbedWithView,
      shared
        ? [
            Collaboration.configure({ document: shared.doc, field: COLLAB_FIELD }),
            CollabCaret.configure({ awareness: shared.provider.awareness, user: collab.user }),
          ]
        : [],
    ),
    // The shared document brings its own content (seeded from the saved post once synced).
    content: shared ? undefined : textToEditorHtml(value),
    editable: !collab || !!shared,
    immediatelyRender: false,
    // TipTap would add its base CSS as a <style> element, which the CSP refuses; it is in prosemirror.css.
    injectCSS: false,
    editorProps: surfaceProps(id, labelledBy, openLinkRef, onFilesRef),
    onUpdate: ({ editor: e }) => {
      const text = docToText(e.state.doc);
      emitted.add(text);
      onChange(() => text);
    },
  });

  useEffect(() => {
    if (!editor || emitted.has(value)) return;
    emitted.reset(value);
    editor.commands.setContent(textToEditorHtml(value), { emitUpdate: false });
  }, [editor, value, emitted]);

  const onEditor = collab?.onEditor;
  useEffect(() => onEditor?.(editor), [editor, onEditor]);
  // Errors tied to the field.
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (invalid) dom.setAttribute("aria-invalid", "true");
    else dom.removeAttribute("aria-invalid");
    if (describedBy) dom.setAttribute("aria-describedby", describedBy);
    else dom.removeAttribute("aria-describedby");
  }, [editor, invalid, describedBy]);

  useImperativeHandle(ref, () => ({
    insertMarkers: (markers, moveIds) => {
      if (!editor) return;
      editor
        .chain()
        .focus()
        .command(({ tr }) => {
          const found: Array<[number, number]> = [];
          tr.doc.descendants((node, pos) => {
            if (node.type.name !== "imageMarker") return;
            const ids = String(node.attrs.marker).split(":").slice(1);
            if (ids.some((id) => moveIds.includes(id))) found.push([pos, pos + node.nodeSize]);
          });
          for (const [from, to] of found.reverse()) tr.delete(from, to);
          return true;
        })
        // All at once: inserting an atom selects it, and a second insert would replace it.
        .insertContent(markers.map((m) => ({ type: "imageMarker", attrs: { marker: m.slice(1, -1) } })))
        .run();
    },
    focus: () => editor?.commands.focus(),
  }));

  const active = useActiveStyles(editor);

  /** Edit the link at the caret, or link the selected text; without either, a new linked text. */
  const openLink = () => {
    if (!editor) return;
    if (editor.isActive("link")) {
      editor.chain().extendMarkRange("link").run();
      const attrs = editor.getAttributes("link");
      setLink({ href: String(attrs.href ?? ""), newTab: attrs.target === "_blank", existing: true });
    } else {
      const withText = editor.state.selection.empty;
      setLink({ href: "", newTab: false, existing: false, withText });
    }
  };
  openLinkRef.current = openLink;

  const closeLink = (change?: (e: NonNullable<typeof editor>) => void) => {
    setLink(null);
    if (!editor) return;
    if (change) change(editor);
    editor.commands.focus();
  };

  const handleStyle = (style: ToolbarStyle) => {
    if (!editor) return;
    const chain = editor.chain().focus();
    const run = {
      bold: () => chain.toggleBold(),
      italic: () => chain.toggleItalic(),
      underline: () => chain.toggleUnderline(),
      "heading 2": () => chain.toggleHeading({ level: 2 }),
      "heading 3": () => chain.toggleHeading({ level: 3 }),
      quote: () => chain.toggleBlockquote(),
      "bullet list": () => chain.toggleBulletList(),
    }[style];
    run().run();
  };

  const applyTextStyle = (styleName: string, apply: (e: NonNullable<typeof editor>) => void) => {
    if (!editor) return;
    if (editor.state.selection.empty) {
      window.alert(selectTextAlert(styleName));
      return;
    }
    apply(editor);
  };

  return (
    <div className="content-editor" hidden={hidden}>
      <FormatToolbar
        controls={id}
        isActive={(style) => active?.[style] ?? false}
        onStyle={handleStyle}
        onFont={(font) => applyTextStyle("font", (e) => e.chain().focus().setFontFamily(font).run())}
        onSize={(pt) => applyTextStyle("size", (e) => e.chain().focus().setFontSize(`${pt}pt`).run())}
        onColour={(css) => applyTextStyle("colour", (e) => e.chain().focus().setColor(css).run())}
        onLink={openLink}
        linkActive={active?.link ?? false}
        onEmbed={() => setEmbedding(true)}
        tableTools={<TableTools editor={editor} />}
      />
      {embedding ? (
        <EmbedDialog
          onSave={(embed) => {
            setEmbedding(false);
            editor
              ?.chain()
              .focus()
              .insertContent({ type: "videoEmbed", attrs: { embed, title: defaultEmbedTitle(embed) } })
              .run();
          }}
          onClose={() => {
            setEmbedding(false);
            editor?.commands.focus();
          }}
        />
      ) : null}
      {link ? (
        <LinkDialog
          draft={link}
          onSave={(href, newTab, text) =>
            closeLink((e) => {
              const attrs = { href, target: newTab ? "_blank" : null };
              if (link.withText)
                // The new text, linked; what is typed next is not (LinkEnds).
                e.chain()
                  .insertContent({ type: "text", text, marks: [{ type: "link", attrs }] })
                  .unsetMark("link")
                  .run();
              else e.chain().extendMarkRange("link").setLink(attrs).run();
            })
          }
          onRemove={() => closeLink((e) => e.chain().extendMarkRange("link").unsetLink().run())}
          onClose={() => closeLink()}
        />
      ) : null}
      <EditorImagesContext.Provider value={images}>
        <ImageToolsContext.Provider value={tools}>
          <EditorContent editor={editor} className="visual-editor" />
        </ImageToolsContext.Provider>
      </EditorImagesContext.Provider>
    </div>
  );
});
