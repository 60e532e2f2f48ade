import { Node } from "@tiptap/core";

/**
 * A block the visual editor shows, moves and deletes as one piece, holding one string in a
 * `data-*` attribute: the image markers of SPEC §4 and the HTML kept as written (lossless.ts).
 */
export const atomBlock = (name: string, attribute: string, dataAttribute: string) =>
  Node.create({
    name,
    group: "block",
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return {
        [attribute]: {
          default: "",
          parseHTML: (el) => el.getAttribute(dataAttribute) ?? "",
          renderHTML: (attrs) => ({ [dataAttribute]: attrs[attribute] }),
        },
      };
    },
    parseHTML() {
      return [{ tag: `div[${dataAttribute}]` }];
    },
    renderHTML({ HTMLAttributes }) {
      return ["div", HTMLAttributes];
    },
  });
