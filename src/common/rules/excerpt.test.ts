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

  it("leaves out image markers (an image, a pair, a gallery): a card never shows '[IMAGE:…]'", () => {
    const content =
      "<p>[IMAGE:9e5cd203e22b4659]</p><p>We landed</p><p>[PAIRED:a1:b2]</p>[GALLERY:a:b:c] at dawn";
    expect(fallbackExcerpt(content)).toBe("We landed at dawn...");
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

  it("turns every block boundary into a space, and ends a heading like a sentence", () => {
    expect(
      fallbackExcerpt("<p>Welcome to our new blog.</p><h2>Where we stayed</h2><p>We stayed in Alfama.</p>"),
    ).toBe("Welcome to our new blog. Where we stayed. We stayed in Alfama....");
    // A heading that already ends a sentence, or has no text, gets nothing more.
    expect(htmlToText("<h3>Ready?</h3><p>Yes</p><h2> </h2><p>no</p><h2 id='x'><em>Last</em></h2>")).toBe(
      "Ready? Yes no Last.",
    );
    expect(
      htmlToText(
        "<figure><img src='/x'><figcaption>Tiles</figcaption></figure>Next<table><tr><td>a</td><td>b</td></tr></table><pre>c</pre>d<hr>e",
      ),
    ).toBe("Tiles Next a b c d e");
  });
});
