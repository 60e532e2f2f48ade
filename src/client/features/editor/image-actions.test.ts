import { describe, expect, it } from "vitest";
import type { EditorImage, EditorValue } from "./editor-model";
import { imageActions } from "./image-actions";

// Everything the Images panel could do is on the image's toolbar; each action must keep
// what the panel stored. The toolbar and the panel call these same actions.
const image = (id: string): EditorImage => ({
  id,
  url: `/uploads/blog-images/1_${id}.png`,
  position: "center",
  size: "medium",
  pairedWith: null,
  alt: null,
  caption: "",
  file: null,
  previewUrl: `/uploads/blog-images/1_${id}.png`,
  uploaded: true,
  insertPosition: null,
  name: `${id}.png`,
});

function run(start: Partial<EditorValue>, act: (a: ReturnType<typeof imageActions>) => void): EditorValue {
  let value: EditorValue = {
    title: "t",
    slug: "",
    author: "him",
    excerpt: "",
    hashtags: "",
    content: "[IMAGE:a]\n\n[IMAGE:b]\n\n[IMAGE:c]",
    images: [image("a"), image("b"), image("c")],
    thumbnailId: "a",
    ...start,
  };
  act(imageActions((update) => (value = typeof update === "function" ? update(value) : update)));
  return value;
}

/** The markers of the text, blank lines aside (they make no block). */
const blocks = (v: EditorValue) => v.content.split(/\n+/).filter(Boolean);

describe("image toolbar actions", () => {
  it("sets position (with 'wide'), size, caption, alt and decorative on the one image", () => {
    const v = run({}, (a) => {
      a.patch("b", { position: "wide" });
      a.patch("b", { size: "large" });
      a.patch("b", { caption: "Dusk" });
      a.patch("a", { alt: "A cat" });
      a.patch("c", { alt: "" });
    });
    expect(v.images.map((i) => [i.position, i.size, i.caption, i.alt])).toEqual([
      ["center", "medium", "", "A cat"],
      ["wide", "large", "Dusk", null],
      ["center", "medium", "", ""],
    ]);
  });

  it("pairs both ways (SPEC §4), unpairs, joins a gallery and splits it", () => {
    let v = run({}, (a) => a.pair("a", "c"));
    expect(blocks(v)).toEqual(["[PAIRED:a:c]", "[IMAGE:b]"]);
    expect(v.images.map((i) => i.pairedWith)).toEqual(["c", null, "a"]);
    v = run(v, (a) => a.pair("a", ""));
    expect(v.images.every((i) => i.pairedWith === null)).toBe(true);
    v = run({}, (a) => {
      a.joinNext("a");
      a.joinNext("a");
    });
    expect(v.content).toBe("[GALLERY:a:b:c]");
    v = run(v, (a) => a.split("b"));
    expect(v.content).toBe("[IMAGE:a]\n\n[IMAGE:b]\n\n[IMAGE:c]");
  });

  it("chooses the thumbnail, moves, and removes (the thumbnail passes to the first left)", () => {
    let v = run({}, (a) => a.thumbnail("c"));
    expect(v.thumbnailId).toBe("c");
    v = run({}, (a) => a.move("b", "up"));
    expect(v.content).toBe("[IMAGE:b]\n\n[IMAGE:a]\n\n[IMAGE:c]");
    v = run({}, (a) => a.remove(image("a")));
    expect(blocks(v)).toEqual(["[IMAGE:b]", "[IMAGE:c]"]);
    expect(v.images.map((i) => i.id)).toEqual(["b", "c"]);
    expect(v.thumbnailId).toBe("b");
  });
});
