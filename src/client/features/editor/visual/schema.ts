import { type Extensions, Mark } from "@tiptap/core";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { Color, FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import StarterKit from "@tiptap/starter-kit";
import { atomBlock } from "./atom-block";
import { LINK_OPTIONS, LinkEnds } from "./link";
import { RawHtml } from "./lossless";
import { VideoEmbed, VideoEmbedPaste } from "./video-embed";

/**
 * An image marker of SPEC §4 as a block of the visual editor: `marker` is the text between the
 * brackets (`IMAGE:id` or `PAIRED:a:b`). The image's settings live in the editor's image list,
 * exactly as in the HTML view, so both views hold the same document.
 */
export const ImageMarker = atomBlock("imageMarker", "marker", "data-marker");

/**
 * A table as the allowlist stores it: rows in a tbody, a header row of th, cells' spans; no
 * column widths or inline styles (the post's CSS lays it out).
 */
const PlainTable = Table.extend({
  renderHTML: () => ["table", ["tbody", 0]],
}).configure({ resizable: false });

/** SPEC §9 font names as written (`font-family: Times New Roman`), whatever quotes the browser adds. */
const PlainFontFamily = FontFamily.extend({
  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          fontFamily: {
            default: null,
            parseHTML: (el: HTMLElement) => el.style.fontFamily.replace(/["']/g, "") || null,
            renderHTML: (attrs: { fontFamily?: string | null }) =>
              attrs.fontFamily ? { style: `font-family: ${attrs.fontFamily}` } : {},
          },
        },
      },
    ];
  },
});

/**
 * `<b>` and `<i>` kept as written (the allowlist admits them beside strong/em; StarterKit would
 * rewrite them): read before Bold's and Italic's own rules, written back with the same tag.
 */
const tagAsWritten = (name: string, tag: string) =>
  Mark.create({
    name,
    priority: 101,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

/**
 * Only what the post-content allowlist admits (src/common/rules/post-html.ts): the SPEC toolbar
 * styles, paragraphs and line breaks, links (http, https, mailto: link.ts), the §9 text styles as
 * span styles. Anything else pasted in is dropped by the schema; anything else already in a post
 * is kept whole as a raw block (lossless.ts).
 */
export const editorExtensions = (
  imageMarker: typeof ImageMarker = ImageMarker,
  videoEmbed: typeof VideoEmbed = VideoEmbed,
  /** Writing together (collab/): Yjs keeps the history, so TipTap's own undo is off. */
  collaborative: Extensions = [],
): Extensions => [
  StarterKit.configure({
    ...(collaborative.length > 0 ? { undoRedo: false as const } : {}),
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    orderedList: false,
    strike: false,
    link: LINK_OPTIONS,
  }),
  LinkEnds,
  PlainTable,
  TableRow,
  TableHeader,
  TableCell,
  tagAsWritten("boldAsB", "b"),
  tagAsWritten("italicAsI", "i"),
  TextStyle,
  PlainFontFamily,
  FontSize,
  Color,
  imageMarker,
  videoEmbed,
  VideoEmbedPaste,
  RawHtml,
  ...collaborative,
];
