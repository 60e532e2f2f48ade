import { describe, expect, it } from "vitest";
import { contentBlocks, readableDiff } from "./readable-diff";

const before =
  '<h2>Start</h2><p>One &amp; two.</p><img srcset="/uploads/blog-images/1_a.png.480w.webp 480w" sizes="100vw" class="post-image" src="/uploads/blog-images/1_a.png" alt="Sea" data-image-id="a" /><blockquote><p>Quoted</p></blockquote>';
const after =
  '<h2>Start</h2><p>One &amp; three.</p><p>New <strong>bold</strong> line.</p><img class="post-image" src="/uploads/blog-images/1_b.png" alt="Hill" data-image-id="b" /><ul><li>An item</li></ul><blockquote><p>Quoted</p></blockquote>';

describe("readableDiff", () => {
  it("reads post HTML as blocks: headings, paragraphs, images, list items, quotes, without markup", () => {
    expect(contentBlocks(before)).toEqual([
      { kind: "heading", text: "Start" },
      { kind: "paragraph", text: "One & two." },
      { kind: "image", url: "/uploads/blog-images/1_a.png", alt: "Sea" },
      { kind: "quote", text: "Quoted" },
    ]);
  });

  it("marks changed words inside a block, whole blocks added or removed, images added or removed", () => {
    expect(readableDiff(before, after)).toEqual([
      { kind: "heading", parts: [{ value: "Start" }] },
      {
        kind: "paragraph",
        parts: [
          { value: "One & " },
          { value: "two", removed: true },
          { value: "three", added: true },
          { value: "." },
        ],
      },
      { kind: "paragraph", parts: [{ value: "New bold line.", added: true }] },
      { kind: "image", url: "/uploads/blog-images/1_b.png", alt: "Hill", change: "added" },
      { kind: "item", parts: [{ value: "An item", added: true }] },
      { kind: "image", url: "/uploads/blog-images/1_a.png", alt: "Sea", change: "removed" },
      { kind: "quote", parts: [{ value: "Quoted" }] },
    ]);
  });
});
