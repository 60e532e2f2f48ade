import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { isAllowedHref } from "../../../../common/rules/post-html";

/**
 * Links in the visual editor. The one rule of which links may be stored is the
 * post-content allowlist's isAllowedHref (http, https, mailto): the editor parses, pastes and
 * accepts only those, so what the author sees is what the server keeps.
 */
export const LINK_REFUSED_TEXT =
  "This link cannot be added: only web addresses (http:// or https://) and email addresses (mailto:) are allowed.";
export const LINK_EMPTY_TEXT = "Enter the address to link to.";

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What the author typed → the href to store, or the message to show. A same-site path (`/post/…`)
 * becomes this site's address (the allowlist keeps absolute links only); `example.com/x` gets
 * https://, `someone@example.com` gets mailto:. `javascript:`, `data:` and every other scheme are
 * refused.
 */
export function hrefFromInput(input: string, origin: string): { href: string } | { error: string } {
  const typed = input.trim();
  if (!typed) return { error: LINK_EMPTY_TEXT };
  let href = typed;
  if (typed.startsWith("/") && !typed.startsWith("//") && !typed.startsWith("/\\")) href = origin + typed;
  else if (!HAS_SCHEME.test(typed) && !/\s/.test(typed)) {
    if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(typed)) href = `mailto:${typed}`;
    else if (/^[^/]+\.[a-z]{2,}(?:[/?#:]|$)/i.test(typed)) href = `https://${typed}`;
  }
  return isAllowedHref(href) ? { href } : { error: LINK_REFUSED_TEXT };
}

/** StarterKit's Link, held to the allowlist: no target or class unless set; rel as the server writes it. */
export const LINK_OPTIONS = {
  openOnClick: false,
  enableClickSelection: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  HTMLAttributes: { target: null, rel: "noopener noreferrer", class: null },
  isAllowedUri: (url: string) => isAllowedHref(url),
} as const;

/**
 * Text typed right after a link is not part of it (a full stop ends the sentence, not the link):
 * at a link's end, what is typed is inserted without the link mark. Inside a link it still joins.
 */
export const LinkEnds = Extension.create({
  name: "linkEnds",
  addProseMirrorPlugins() {
    const link = this.editor.schema.marks.link;
    if (!link) return [];
    return [
      new Plugin({
        key: new PluginKey("linkEnds"),
        props: {
          handleTextInput: (view, from, to, text) => {
            const { state } = view;
            if (state.storedMarks) return false;
            const $from = state.doc.resolve(from);
            const before = $from.nodeBefore;
            if (!before || !link.isInSet(before.marks)) return false;
            const after = to === from ? $from.nodeAfter : state.doc.resolve(to).nodeAfter;
            if (after && link.isInSet(after.marks)) return false;
            const marks = before.marks.filter((m) => m.type !== link);
            view.dispatch(state.tr.replaceWith(from, to, state.schema.text(text, marks)).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
