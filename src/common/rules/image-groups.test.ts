import { describe, expect, it } from "vitest";
import { joinWithNext, splitRow } from "./image-groups";
import { enhancePostImages } from "./image-sources";
import { htmlToMarkers, markersToHtml } from "./marker-html";
import { findMarkers, galleryMarker, type MarkerImage, removeImageFromText } from "./markers";

const img = (id: string, width = 600, height = 400): MarkerImage => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.png`,
  position: "center",
  size: "medium",
  pairedWith: null,
  width,
  height,
});

describe("galleries and rows of images", () => {
  const images = [img("a"), img("b", 400, 600), img("c"), img("d")];

  it("writes [GALLERY:a:b:c] as one row block and reads it back", () => {
    const text = "Before\n\n[GALLERY:a:b:c]\n\nAfter";
    expect(findMarkers(text)[0]?.ids).toEqual(["a", "b", "c"]);
    const html = markersToHtml(text, images);
    expect(html).toContain('<div class="image-gallery" data-gallery="a b c"><img class="post-image');
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(htmlToMarkers(html, new Set(["a", "b", "c"]))).toBe(text);
    expect(markersToHtml("[GALLERY:a:b:zz]", images)).toBe("[GALLERY:a:b:zz]");
  });

  it("joins two images into a pair, then a third into a gallery; split undoes it", () => {
    let v = { content: "[IMAGE:a]\n\n[IMAGE:b]\n\ntext\n\n[IMAGE:c]", images };
    v = joinWithNext(v, "a");
    expect(v.content).toBe("[PAIRED:a:b]\n\ntext\n\n[IMAGE:c]");
    expect(v.images.find((i) => i.id === "a")?.pairedWith).toBe("b");
    v = joinWithNext(v, "b");
    expect(v.content).toBe("[GALLERY:a:b:c]\n\ntext");
    expect(v.images.every((i) => i.pairedWith === null)).toBe(true);
    expect(joinWithNext(v, "c")).toBe(v);
    v = splitRow(v, "b");
    expect(v.content).toBe("[IMAGE:a]\n\n[IMAGE:b]\n\n[IMAGE:c]\n\ntext");
  });

  it("keeps a gallery of three when one goes, and falls apart below three", () => {
    expect(removeImageFromText(galleryMarker(["a", "b", "c", "d"]), "b")).toBe("[GALLERY:a:c:d]");
    expect(removeImageFromText(galleryMarker(["a", "b", "c"]), "b")).toBe("[IMAGE:a]\n[IMAGE:c]");
  });

  it("gives each image of a row its ratio, so the row has one height", () => {
    const html = enhancePostImages(
      markersToHtml("[GALLERY:a:b:c]", [img("a"), { ...img("b", 400, 600), caption: "Tall" }, img("c")]),
      images,
      { priorityFirst: false },
    );
    expect(html).toContain('<img style="--ratio:1.5" class="post-image');
    expect(html).toContain(
      '<figure class="post-figure post-image--center post-image--medium" style="--ratio:0.667">',
    );
    expect(html.match(/--ratio/g)).toHaveLength(3);
    // Outside a row nothing is added.
    expect(
      enhancePostImages(markersToHtml("[IMAGE:a]", images), images, { priorityFirst: false }),
    ).not.toContain("--ratio");
  });
});
