import { describe, expect, it } from "vitest";
import { cleanAttribute, cleanSpanStyle, isAllowedHref, isAllowedImageSrc } from "./post-html";

// The lists applied whole: src/server/content/sanitize.test.ts (sanitize-html); the DOMPurify side
// runs in Chromium (e2e/authoring-editor.spec.ts), as happy-dom's tree walking differs from a browser's.

describe("post-html allowlist › rules", () => {
  it("admits only SPEC §9 fonts, pt sizes and colours in span styles", () => {
    expect(cleanSpanStyle("font-family: 'Times New Roman'; font-size: 72pt; color: maroon")).toBe(
      "font-family: 'Times New Roman'; font-size: 72pt; color: maroon",
    );
    expect(cleanSpanStyle("font-size: 13pt; color: #f00; font-family: Impact; behavior: url(x)")).toBe("");
  });

  it("admits images only from our uploads, links only http(s) and mailto", () => {
    expect(isAllowedImageSrc("/uploads/blog-images/1_a.png")).toBe(true);
    expect(isAllowedImageSrc("/uploads/blog-images/../x")).toBe(false);
    expect(isAllowedImageSrc("//evil.example/uploads/blog-images/a.png")).toBe(false);
    expect(isAllowedHref("https://example.com")).toBe(true);
    expect(isAllowedHref("mailto:a@b.c")).toBe(true);
    expect(isAllowedHref("java\tscript:alert(1)")).toBe(false);
    expect(isAllowedHref("/relative")).toBe(false);
  });

  it("drops attributes that are not in the list", () => {
    expect(cleanAttribute("p", "onclick", "x")).toBeNull();
    expect(cleanAttribute("div", "data-pair", "a b")).toBe("a b");
    expect(cleanAttribute("div", "data-pair", "a b c")).toBeNull();
  });
});
