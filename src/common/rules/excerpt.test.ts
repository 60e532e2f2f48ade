import { describe, expect, it } from "vitest";
import { fallbackExcerpt, htmlToText, resolveExcerpt } from "./excerpt";

describe("excerpt rule (SPEC §5)", () => {
  it("keeps an excerpt the author wrote", () => {
    expect(resolveExcerpt("My own summary", "<p>Body</p>")).toBe("My own summary");
  });

  it("falls back to the first 150 characters of the text plus '...' when the excerpt is empty", () => {
    const text = "a".repeat(100) + "b".repeat(100);
    const excerpt = resolveExcerpt("", `<p><strong>${text}</strong></p>`);
    expect(excerpt).toBe(`${"a".repeat(100)}${"b".repeat(50)}...`);
  });

  it("treats a blank excerpt as empty", () => {
    expect(resolveExcerpt("   ", "<p>Short body</p>")).toBe("Short body...");
    expect(resolveExcerpt(null, "<p>Short body</p>")).toBe("Short body...");
  });

  it("strips every tag, including images, and does not count them", () => {
    const content =
      '<p>Hello <em>there</em></p><img class="post-image" src="/uploads/blog-images/1_a.jpg" alt="x"><p>world</p>';
    expect(fallbackExcerpt(content)).toBe("Hello there world...");
  });

  it("decodes entities so the card shows '&' and not '&amp;'", () => {
    expect(htmlToText("<p>Salt &amp; pepper &lt;3 &#39;yes&#39; &#x263A;</p>")).toBe(
      "Salt & pepper <3 'yes' ☺",
    );
  });

  it("does not cut an emoji in half", () => {
    const text = `${"x".repeat(149)}😀😀`;
    expect(fallbackExcerpt(`<p>${text}</p>`)).toBe(`${"x".repeat(149)}😀...`);
  });

  it("ignores a tag cut off at the end of truncated content", () => {
    expect(htmlToText('<p>Hi</p><img src="/uploads/x')).toBe("Hi");
  });

  it("gives an empty excerpt for content without text", () => {
    expect(fallbackExcerpt('<img src="/uploads/blog-images/1_a.jpg" alt="">')).toBe("");
  });
});
