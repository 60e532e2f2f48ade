// @vitest-environment happy-dom
// The visual editor and the server's sanitiser together (load → edit → save → store), so
// it lives beside src/boundaries.test.ts, above both sides, rather than in either.
import { Editor, getSchema } from "@tiptap/core";
import { Collaboration } from "@tiptap/extension-collaboration";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { seedUpdate } from "./client/features/editor/collab/seed";
import { editorValueFromPost, savedContent } from "./client/features/editor/editor-model";
import { docToText, textToEditorHtml } from "./client/features/editor/visual/convert";
import { editorExtensions } from "./client/features/editor/visual/schema";
import type { BlogPost, PostImage } from "./common/types";
import { sanitizePostHtml } from "./server/content/sanitize";

// A defect once met: "editing any post that has links and saving removes every link". Every element and
// attribute the post sanitiser allows goes load → visual editor → save → sanitiser, unchanged.

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

const img = (id: string, cls: string, alt: string, size = "") =>
  `<img class="post-image ${cls}" src="/uploads/blog-images/1_${id}.png" alt="${alt}"${size} data-image-id="${id}" />`;
const IMAGES: PostImage[] = [
  {
    id: "img-a",
    url: "/uploads/blog-images/1_img-a.png",
    position: "left",
    size: "small",
    pairedWith: null,
    alt: "A cat & a dog",
    width: 640,
    height: 480,
  },
  {
    id: "img-b",
    url: "/uploads/blog-images/1_img-b.png",
    position: "center",
    size: "medium",
    pairedWith: "img-c",
    width: 800,
    height: 400,
  },
  {
    id: "img-c",
    url: "/uploads/blog-images/1_img-c.png",
    position: "center",
    size: "medium",
    pairedWith: "img-b",
    alt: "",
    width: 400,
    height: 800,
  },
  {
    id: "img-d",
    url: "/uploads/blog-images/1_img-d.png",
    position: "right",
    size: "large",
    pairedWith: null,
    caption: "At dusk & later",
  },
  // Alt text only in the saved HTML (the demo posts, imports): kept, not replaced by the title.
  {
    id: "img-e",
    url: "/uploads/blog-images/1_img-e.png",
    position: "full",
    size: "medium",
    pairedWith: null,
  },
  // 'Wide', and a gallery of three (one captioned).
  {
    id: "img-f",
    url: "/uploads/blog-images/1_img-f.png",
    position: "wide",
    size: "large",
    pairedWith: null,
    alt: "Wide",
  },
  ...["img-g", "img-h", "img-i"].map(
    (id): PostImage => ({
      id,
      url: `/uploads/blog-images/1_${id}.png`,
      position: "center",
      size: "medium",
      pairedWith: null,
      alt: "",
      ...(id === "img-h" ? { caption: "The middle one" } : {}),
    }),
  ),
];

/** A stored post with every element and attribute of the allowlist, in the shapes the save writes. */
const STORED = [
  "<h2>Day one</h2>",
  "<p>We <strong>walked</strong> <b>far</b>, <em>slowly</em> <i>and</i> <u>happily</u><br />along the coast</p>",
  '<p>See <a href="https://example.com/map?x=1&amp;y=2" rel="noopener noreferrer">the map</a>, ' +
    '<a href="http://example.org/" rel="noopener noreferrer" target="_blank">a new tab</a> and ' +
    '<a href="mailto:us@example.com" rel="noopener noreferrer"><strong>write</strong> to us</a>.</p>',
  "<h3>Styled</h3>",
  '<p><span style="font-family: Georgia; font-size: 14pt; color: darkgray">all three</span> ' +
    '<span style="font-family: Times New Roman">font</span> <span style="font-size: 72pt">size</span> ' +
    '<span style="color: navy">colour</span> <a href="https://example.com/" rel="noopener noreferrer"><span style="color: maroon">styled link</span></a></p>',
  '<blockquote><p>Quoted, <em>with</em> a <a href="https://example.com/q" rel="noopener noreferrer">link</a></p></blockquote>',
  "<ul><li><p>one</p></li><li><p><strong>two</strong></p></li></ul>",
  img("img-a", "post-image--left post-image--small", "A cat &amp; a dog", ' width="640" height="480"'),
  `<div class="image-pair" data-pair="img-b img-c">${img("img-b", "post-image--center post-image--medium", "Day one", ' width="2000" height="1000"')}${img("img-c", "post-image--center post-image--medium", "", ' width="500" height="1000"')}</div>`,
  `<figure class="post-figure post-image--right post-image--large">${img("img-d", "post-image--right post-image--large", "Day one")}<figcaption>At dusk &amp; later</figcaption></figure>`,
  img("img-e", "post-image--full post-image--medium", "The path along the ridge"),
  img("img-f", "post-image--wide post-image--large", "Wide"),
  `<div class="image-gallery" data-gallery="img-g img-h img-i">${img("img-g", "post-image--center post-image--medium", "")}<figure class="post-figure post-image--center post-image--medium">${img("img-h", "post-image--center post-image--medium", "")}<figcaption>The middle one</figcaption></figure>${img("img-i", "post-image--center post-image--medium", "")}</div>`,
  '<div class="post-embed" data-embed="youtube:dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">Our walk &amp; the ridge</a></div>',
  '<div class="post-embed" data-embed="vimeo:76979871"><a href="https://vimeo.com/76979871" rel="noopener noreferrer">Video on Vimeo</a></div>',
  "<p>The end.</p>",
].join("\n");

const post = (content: string, images = IMAGES): BlogPost =>
  ({
    id: "p1",
    title: "Day one",
    author: "him",
    excerpt: "",
    hashtags: [],
    content,
    images,
    imageUrl: null,
  }) as unknown as BlogPost;

/** Open the post in the visual editor (as /admin and inline edit do) and save it without a change. */
function openAndSave(stored: BlogPost) {
  const value = editorValueFromPost(stored);
  const editor = new Editor({ extensions: editorExtensions(), content: textToEditorHtml(value.content) });
  editors.push(editor);
  const content = docToText(editor.state.doc);
  const saved = savedContent({ ...value, content }, new Map());
  return { editor, saved: sanitizePostHtml(saved.content), text: content };
}

describe("lossless visual editing", () => {
  it("the fixture is what the server stores (the sanitiser leaves it as it is)", () => {
    expect(sanitizePostHtml(STORED)).toBe(STORED);
  });

  it("keeps every allowed element and attribute through load → visual editor → save", () => {
    const { saved, editor } = openAndSave(post(STORED));
    expect(saved).toBe(STORED);
    // The links are real links in the editor, not text kept aside.
    const links: string[] = [];
    editor.state.doc.descendants((n) => {
      const link = n.marks.find((m) => m.type.name === "link");
      if (link && !links.includes(link.attrs.href)) links.push(link.attrs.href);
    });
    expect(links).toEqual([
      "https://example.com/map?x=1&y=2",
      "http://example.org/",
      "mailto:us@example.com",
      "https://example.com/",
      "https://example.com/q",
    ]);
    // The gallery and the embeds are blocks of the editor, not HTML kept aside.
    const blocks: string[] = [];
    editor.state.doc.forEach((n) => {
      if (n.type.name === "imageMarker") blocks.push(String(n.attrs.marker));
      if (n.type.name === "videoEmbed") blocks.push(`${n.attrs.embed} ${n.attrs.title}`);
      if (n.type.name === "rawHtml") blocks.push("raw");
    });
    expect(blocks).toEqual([
      "IMAGE:img-a",
      "PAIRED:img-b:img-c",
      "IMAGE:img-d",
      "IMAGE:img-e",
      "IMAGE:img-f",
      "GALLERY:img-g:img-h:img-i",
      "youtube:dQw4w9WgXcQ Our walk & the ridge",
      "vimeo:76979871 Video on Vimeo",
    ]);
  });

  it("saves the same twice over (a second visit changes nothing either)", () => {
    const once = openAndSave(post(STORED)).saved;
    expect(openAndSave(post(once)).saved).toBe(STORED);
  });

  it("keeps the demo post 'A long walk on the ridge' link and image", () => {
    const ridge =
      `${img("img-e", "post-image--left post-image--small", "The path along the ridge", ' width="1200" height="800"')}` +
      '<p>Check the <a href="https://www.metoffice.gov.uk/" rel="noopener noreferrer">forecast</a> rather than the shepherd.</p>';
    const images = [
      { ...IMAGES[4]!, position: "left", size: "small", width: 1200, height: 800 } as PostImage,
    ];
    expect(openAndSave(post(ridge, images)).saved).toBe(ridge.replace("<p>", "\n<p>"));
  });

  it("writes the HTML view's other shapes with the same meaning (a quote or list item gains its <p>)", () => {
    const written =
      '<blockquote>Every street goes uphill</blockquote>\n<ul><li>one</li><li><a href="https://a.example/" rel="noopener noreferrer">two</a></li></ul>';
    expect(openAndSave(post(written, [])).saved).toBe(
      '<blockquote><p>Every street goes uphill</p></blockquote>\n<ul><li><p>one</p></li><li><p><a href="https://a.example/" rel="noopener noreferrer">two</a></p></li></ul>',
    );
  });

  it("keeps whole, as written, what the editor cannot hold: never silently dropped", () => {
    const odd = [
      "<p>A link the sanitiser emptied: <a>no address</a></p>",
      '<img class="post-image" src="/uploads/blog-images/1_stray.png" alt="not in the list" data-image-id="stray" />',
      "<div>a bare div</div>",
      '<figure class="post-figure"><img class="post-image" src="/uploads/blog-images/1_x.png" alt="" /><figcaption>caption</figcaption></figure>',
    ].join("\n");
    const { saved, editor } = openAndSave(post(odd, []));
    expect(sanitizePostHtml(odd)).toBe(odd);
    expect(saved.replace(/\n/g, "")).toBe(
      odd
        .replace(/\n/g, "")
        .replace("<img", "<p><img")
        .replace('data-image-id="stray" />', 'data-image-id="stray" /></p>'),
    );
    expect(editor.getJSON().content?.filter((n) => n.type === "rawHtml")).toHaveLength(4);
  });

  it("keeps them through the collaborative path too (seed → Yjs → a partner's editor → save)", async () => {
    const value = editorValueFromPost(post(STORED));
    const shared = new Y.Doc();
    Y.applyUpdate(shared, seedUpdate(getSchema(editorExtensions()), textToEditorHtml(value.content)));
    // The partner's tab: its own Y.Doc, given the room's state as the server would send it.
    const partner = new Y.Doc();
    Y.applyUpdate(partner, Y.encodeStateAsUpdate(shared));
    const collaborative = [Collaboration.configure({ document: partner })];
    const editor = new Editor({ extensions: editorExtensions(undefined, undefined, collaborative) });
    editors.push(editor);
    await new Promise((r) => setTimeout(r, 20));
    const saved = savedContent({ ...value, content: docToText(editor.state.doc) }, new Map());
    expect(sanitizePostHtml(saved.content)).toBe(STORED);
    // The HTML view's text applied with setContent becomes Yjs changes, read back the same.
    editor.commands.setContent(textToEditorHtml(value.content));
    const again = new Y.Doc();
    Y.applyUpdate(again, Y.encodeStateAsUpdate(partner));
    expect(again.getXmlFragment("default").toString()).toBe(shared.getXmlFragment("default").toString());
  });
});
