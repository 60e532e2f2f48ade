import { describe, expect, it } from "vitest";
import { ATTACKS, EDITOR_OUTPUT } from "../../common/rules/post-html.fixtures";
import { sanitizePostHtml } from "./sanitize";

describe("sanitizePostHtml (server, every write)", () => {
  it.each(EDITOR_OUTPUT)("keeps what the editor produces: %s", (html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it.each(ATTACKS)("removes %s", (_name, input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });

  it("adds rel=noopener to every kept link, and keeps target only as _blank", () => {
    expect(sanitizePostHtml('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">x</a>',
    );
  });

  it("writes a link's attributes in one order, whether or not it came with a rel", () => {
    const stored = '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">x</a>';
    for (const input of [
      '<a href="https://example.com/" target="_blank">x</a>',
      '<a target="_blank" rel="nofollow" href="https://example.com/">x</a>',
      stored,
    ])
      expect(sanitizePostHtml(input)).toBe(stored);
  });

  it("keeps srcset only when every candidate is one of our uploads", () => {
    const ok =
      '<img src="/uploads/blog-images/1_a.png" srcset="/uploads/blog-images/1_a.png.480w.webp 480w, /uploads/blog-images/1_a.png.960w.webp 960w" />';
    expect(sanitizePostHtml(ok)).toBe(ok);
    expect(
      sanitizePostHtml('<img src="/uploads/blog-images/1_a.png" srcset="https://evil.example/x.png 480w" />'),
    ).toBe('<img src="/uploads/blog-images/1_a.png" />');
  });
});
