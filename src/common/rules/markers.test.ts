import { describe, expect, it } from "vitest";
import type { ImagePosition, ImageSize } from "../limits";
import { htmlToMarkers, markersToHtml } from "./marker-html";
import {
  findMarkers,
  imageMarker,
  insertAtCursor,
  insertedIds,
  type MarkerImage,
  markerFor,
  moveMarker,
  pairImages,
  pairInText,
  pairMarker,
  removeImage,
  removeImageFromText,
  thumbnailAfterAdd,
  thumbnailAfterRemove,
  thumbnailOnSave,
  thumbnailUrl,
  thumbnailUrlAfterEdit,
  unpairImage,
  unpairInText,
} from "./markers";

const img = (id: string, position: ImagePosition = "center", size: ImageSize = "medium"): MarkerImage => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.png`,
  position,
  size,
  pairedWith: null,
});

describe("markers › syntax", () => {
  it("writes [IMAGE:id] and [PAIRED:a:b] and finds them in order", () => {
    expect(imageMarker("a1")).toBe("[IMAGE:a1]");
    expect(pairMarker("a", "b")).toBe("[PAIRED:a:b]");
    const text = "x [PAIRED:a:b] y [IMAGE:c] [IMAGE:bad id]";
    expect(findMarkers(text).map((m) => m.ids)).toEqual([["a", "b"], ["c"]]);
    expect(insertedIds(text)).toEqual(["a", "b", "c"]);
  });

  it("inserts a paired image with its pair marker", () => {
    const images = pairImages([img("a"), img("b")], "a", "b");
    expect(markerFor(images[0]!, images)).toBe("[PAIRED:a:b]");
    expect(markerFor(img("c"), images)).toBe("[IMAGE:c]");
  });
});

describe("markers › insert at cursor", () => {
  it("puts the marker on its own line at the cursor and moves the cursor after it", () => {
    expect(insertAtCursor("Hello world", 5, "[IMAGE:a]")).toEqual({
      text: "Hello\n[IMAGE:a]\n world",
      cursor: 15,
    });
    expect(insertAtCursor("", 0, "[IMAGE:a]")).toEqual({ text: "[IMAGE:a]", cursor: 9 });
    expect(insertAtCursor("a\n", 2, "[IMAGE:x]").text).toBe("a\n[IMAGE:x]");
  });

  it("clamps a cursor outside the text", () => {
    expect(insertAtCursor("ab", 99, "[IMAGE:x]").text).toBe("ab\n[IMAGE:x]");
  });
});

describe("markers › move up / down among inserted markers", () => {
  const text = "intro\n[IMAGE:a]\nmiddle\n[PAIRED:b:c]\nend [IMAGE:d]";

  it("swaps with the previous marker, keeping the text between", () => {
    expect(moveMarker(text, "b", "up")).toBe("intro\n[PAIRED:b:c]\nmiddle\n[IMAGE:a]\nend [IMAGE:d]");
  });

  it("swaps with the next marker", () => {
    expect(moveMarker(text, "a", "down")).toBe("intro\n[PAIRED:b:c]\nmiddle\n[IMAGE:a]\nend [IMAGE:d]");
    expect(moveMarker(text, "c", "down")).toBe("intro\n[IMAGE:a]\nmiddle\n[IMAGE:d]\nend [PAIRED:b:c]");
  });

  it("leaves the text alone at either end or for an image not inserted", () => {
    expect(moveMarker(text, "a", "up")).toBe(text);
    expect(moveMarker(text, "d", "down")).toBe(text);
    expect(moveMarker(text, "zz", "up")).toBe(text);
  });
});

describe("markers › pairing (SPEC §4: symmetric)", () => {
  it("pairs A with B both ways", () => {
    const out = pairImages([img("a"), img("b"), img("c")], "a", "b");
    expect(out.map((i) => i.pairedWith)).toEqual(["b", "a", null]);
  });

  it("pairing A with B clears any other pairing of either", () => {
    let images = pairImages([img("a"), img("b"), img("c"), img("d")], "a", "c");
    images = pairImages(images, "b", "d");
    images = pairImages(images, "a", "b");
    expect(images.map((i) => [i.id, i.pairedWith])).toEqual([
      ["a", "b"],
      ["b", "a"],
      ["c", null],
      ["d", null],
    ]);
  });

  it("ignores pairing an image with itself or an unknown image", () => {
    const images = [img("a"), img("b")];
    expect(pairImages(images, "a", "a")).toEqual(images);
    expect(pairImages(images, "a", "zz")).toEqual(images);
  });

  it("unpairs both sides", () => {
    const images = unpairImage(pairImages([img("a"), img("b")], "a", "b"), "b");
    expect(images.map((i) => i.pairedWith)).toEqual([null, null]);
  });

  it("keeps the text in step: the first marker becomes the pair, an old partner stays single", () => {
    const text = "[IMAGE:b]\ntext\n[PAIRED:a:c]\n[IMAGE:d]";
    expect(pairInText(text, "a", "b")).toBe("[PAIRED:b:a]\ntext\n[IMAGE:c]\n[IMAGE:d]");
    expect(unpairInText("x [PAIRED:a:b] y", "b")).toBe("x [IMAGE:a]\n[IMAGE:b] y");
  });

  it("keeps the order of the text whichever image asks: 3 paired with 2 reads 2 | 3", () => {
    const text = "[IMAGE:i1]\n[IMAGE:i2]\nwords\n[IMAGE:i3]";
    expect(pairInText(text, "i3", "i2")).toBe("[IMAGE:i1]\n[PAIRED:i2:i3]\nwords\n");
    expect(pairInText(text, "i2", "i3")).toBe("[IMAGE:i1]\n[PAIRED:i2:i3]\nwords\n");
    // An image not in the text yet joins after the one that is.
    expect(pairInText("[IMAGE:i2]", "new", "i2")).toBe("[PAIRED:i2:new]");
  });
});

describe("markers › remove", () => {
  it("removes the image's marker and its line break; a pair leaves the partner single", () => {
    expect(removeImageFromText("one\n[IMAGE:a]\ntwo", "a")).toBe("one\ntwo");
    expect(removeImageFromText("[PAIRED:a:b]\n", "a")).toBe("[IMAGE:b]\n");
    const images = removeImage(pairImages([img("a"), img("b")], "a", "b"), "a");
    expect(images).toEqual([img("b")]);
  });
});

describe("markers › thumbnail (SPEC §4)", () => {
  it("the first added image is the thumbnail by default", () => {
    expect(thumbnailAfterAdd(null, [img("a"), img("b")])).toBe("a");
    expect(thumbnailAfterAdd("b", [img("a"), img("b")])).toBe("b");
  });

  it("removing the thumbnail picks the first remaining image", () => {
    expect(thumbnailAfterRemove("a", "a", [img("b"), img("c")])).toBe("b");
    expect(thumbnailAfterRemove("c", "a", [img("b"), img("c")])).toBe("c");
    expect(thumbnailAfterRemove("a", "a", [])).toBeNull();
  });

  it("on save: the chosen one, else the first image, else none", () => {
    const images = [img("a"), img("b")];
    expect(thumbnailOnSave("b", images)).toBe(images[1]!.url);
    expect(thumbnailOnSave("gone", images)).toBe(images[0]!.url);
    expect(thumbnailOnSave(null, images)).toBe(images[0]!.url);
    expect(thumbnailOnSave("a", [])).toBeNull();
  });

  it("an edit that chooses none keeps the current one while it is an image, by URL", () => {
    const images = [img("a"), img("b")];
    expect(thumbnailUrlAfterEdit(images[1]!.url, images, true)).toBe(images[1]!.url);
    expect(thumbnailUrlAfterEdit("/gone.webp", images, true)).toBe(images[0]!.url);
    expect(thumbnailUrlAfterEdit(null, images, true)).toBe(images[0]!.url);
    expect(thumbnailUrlAfterEdit(null, images, false)).toBeNull();
    expect(thumbnailUrl(null, [])).toBeNull();
  });
});

describe("markers › HTML conversion", () => {
  const images = pairImages([img("a", "left", "small"), img("b"), img("c", "full", "large")], "b", "c");

  it("turns a single marker into the contract's img tag", () => {
    expect(markersToHtml("[IMAGE:a]", images, { alt: () => "A cat" })).toBe(
      '<img class="post-image post-image--left post-image--small" src="/uploads/blog-images/1700000000000_a.png" alt="A cat" data-image-id="a">',
    );
  });

  it("turns a pair marker into the image-pair block of two images", () => {
    const html = markersToHtml("[PAIRED:b:c]", images);
    expect(html).toMatch(
      /^<div class="image-pair" data-pair="b c"><img [^>]*data-image-id="b"><img [^>]*data-image-id="c"><\/div>$/,
    );
    expect(html).toContain("post-image--full post-image--large");
  });

  it("leaves markers of unknown images as text", () => {
    expect(markersToHtml("[IMAGE:zz] [PAIRED:a:zz]", images)).toBe("[IMAGE:zz] [PAIRED:a:zz]");
  });

  it("round trip: markers → HTML → markers gives the same text", () => {
    const text = "<h2>Day one</h2>\n[IMAGE:a]\n<p>We <strong>walked</strong>.</p>\n[PAIRED:b:c]\nThe end.";
    expect(htmlToMarkers(markersToHtml(text, images, { alt: () => 'Say "hi" <3' }))).toBe(text);
  });

  it("reads saved tags back whatever the attribute order or extra attributes (srcset)", () => {
    const saved =
      '<p>x</p><img src="/uploads/blog-images/1_a.png" srcset="/uploads/blog-images/1_a.png.480w.webp 480w" data-image-id="a" class="post-image"><div data-pair="b c" class="image-pair"><img data-image-id="b" src="/u"><img data-image-id="c" src="/v"></div>';
    expect(htmlToMarkers(saved)).toBe("<p>x</p>[IMAGE:a][PAIRED:b:c]");
  });

  it("gives an image its own alt text, empty alt when decorative, the fallback otherwise", () => {
    const own = { ...img("a"), alt: "A red boat" };
    const decorative = { ...img("b"), alt: "" };
    const html = markersToHtml("[IMAGE:a][IMAGE:b][IMAGE:c]", [own, decorative, img("c")], {
      alt: () => "Title",
    });
    expect(html).toContain('alt="A red boat"');
    expect(html).toMatch(/alt="" data-image-id="b"/);
    expect(html).toMatch(/alt="Title" data-image-id="c"/);
  });

  it("puts a captioned image in a figure carrying its placement, and reads it back as a marker", () => {
    const captioned = { ...img("a", "right", "small"), caption: "Dusk <at> sea", width: 640, height: 480 };
    const html = markersToHtml("[IMAGE:a]", [captioned]);
    expect(html).toBe(
      '<figure class="post-figure post-image--right post-image--small"><img class="post-image post-image--right post-image--small" src="/uploads/blog-images/1700000000000_a.png" alt="" width="640" height="480" data-image-id="a"><figcaption>Dusk &lt;at&gt; sea</figcaption></figure>',
    );
    expect(htmlToMarkers(`<p>x</p>${html}<p>y</p>`)).toBe("<p>x</p>[IMAGE:a]<p>y</p>");
  });

  it("gives a pair's images the same height in width/height, each keeping its ratio", () => {
    const [a, b] = pairImages(
      [
        { ...img("a"), width: 900, height: 600 },
        { ...img("b"), width: 300, height: 600 },
      ],
      "a",
      "b",
    );
    const html = markersToHtml("[PAIRED:a:b]", [a!, b!]);
    expect(html).toContain('width="1500" height="1000" data-image-id="a"');
    expect(html).toContain('width="500" height="1000" data-image-id="b"');
  });
});
