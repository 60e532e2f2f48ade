import { Extension, Node } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { defaultEmbedTitle, EMBED_RE, embedFromUrl, embedWatchUrl } from "../../../../common/rules/embeds";

/**
 * A YouTube or Vimeo video, written exactly as the allowlist stores it (embeds.ts): a
 * div naming the video around a plain link, its text the poster's title. A pasted video link
 * becomes one (before the link extension makes it a link); the poster's title is edited in place.
 */
export const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      embed: { default: "", parseHTML: (el) => el.getAttribute("data-embed") ?? "", renderHTML: () => ({}) },
      title: {
        default: "",
        parseHTML: (el) => el.querySelector("a")?.textContent ?? "",
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: "div.post-embed[data-embed]",
        getAttrs: (el) => (EMBED_RE.test(el.getAttribute("data-embed") ?? "") ? null : false),
      },
    ];
  },
  renderHTML({ node }) {
    const embed = String(node.attrs.embed);
    const title = String(node.attrs.title).trim() || defaultEmbedTitle(embed);
    return [
      "div",
      { class: "post-embed", "data-embed": embed },
      ["a", { href: embedWatchUrl(embed), rel: "noopener noreferrer" }, title],
    ];
  },
});

/**
 * A pasted video link becomes an embed. Its own extension so that it can run before the link
 * extension's paste rule (a higher priority) without moving the node first in the schema, where
 * ProseMirror would take it for the default block.
 */
export const VideoEmbedPaste = Extension.create({
  name: "videoEmbedPaste",
  priority: 1100,
  addProseMirrorPlugins() {
    const type = this.editor.schema.nodes.videoEmbed;
    if (!type) return [];
    return [
      new Plugin({
        key: new PluginKey("videoEmbedPaste"),
        props: {
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData("text/plain").trim() ?? "";
            const embed = /\s/.test(text) ? null : embedFromUrl(text);
            if (!embed) return false;
            const node = type.create({ embed, title: defaultEmbedTitle(embed) });
            view.dispatch(view.state.tr.replaceSelectionWith(node).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
