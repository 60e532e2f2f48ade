import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RevisionComparison } from "../../../../common/types";
import { RevisionDiff } from "./revision-diff";

// What the server sends for a revision whose text changed (server/revisions/readable-diff.ts).
const comparison = {
  changed: true,
  against: "previous",
  baseRevisionId: null,
  changes: {
    title: [{ value: "Walk" }],
    excerpt: [],
    content: [{ value: '<p>One &amp; two.</p><img srcset="/x.480w.webp 480w">\n', removed: true }],
    readable: [
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
      { kind: "image", url: "/uploads/blog-images/1_b.png", alt: "Hill", change: "added" },
      { kind: "image", url: "/uploads/blog-images/1_a.png", alt: "Sea", change: "removed" },
    ],
    hashtags: { added: [], removed: [] },
    images: { added: ["/uploads/blog-images/1_b.png"], removed: ["/uploads/blog-images/1_a.png"] },
    thumbnail: null,
  },
} as unknown as RevisionComparison;
const html = renderToStaticMarkup(createElement(RevisionDiff, { comparison }));

describe("RevisionDiff", () => {
  it("shows text with <ins>/<del>, in a labelled region the keyboard can scroll, with no HTML source", () => {
    expect(html).toContain('<section class="diff-block" aria-label="Changes to the text" tabindex="0">');
    expect(html).toContain("<span>One &amp; </span><del>two</del><ins>three</ins>");
    expect(html).not.toContain("srcset");
    expect(html).not.toContain("&lt;p&gt;");
    // No headings of its own: the studio's heading order stays intact.
    expect(html).not.toMatch(/<h[1-6]/);
  });

  it("shows images added and removed as thumbnails", () => {
    expect(html).toContain(
      '<img src="/uploads/blog-images/1_b.png" alt="" width="96" height="72" loading="lazy"/>',
    );
    expect(html).toContain("<figcaption>Added image: Hill</figcaption>");
    expect(html).toContain("<figcaption>Removed image: Sea</figcaption>");
  });
});
