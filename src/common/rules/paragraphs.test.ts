import { describe, expect, it } from "vitest";
import { paragraphsFromText } from "./paragraphs";

describe("writing without tags › paragraphsFromText", () => {
  it("starts a new paragraph at a blank line and keeps a single line break", () => {
    expect(paragraphsFromText("First line\nsame paragraph\n\nSecond paragraph")).toBe(
      "<p>First line<br>same paragraph</p>\n<p>Second paragraph</p>",
    );
  });

  it("treats several blank lines (and Windows line ends) as one paragraph break", () => {
    expect(paragraphsFromText("a\r\n\r\n\r\n  \nb\n")).toBe("<p>a</p>\n<p>b</p>");
  });

  it("keeps inline tags inside the paragraph", () => {
    expect(paragraphsFromText("one <strong>two</strong>")).toBe("<p>one <strong>two</strong></p>");
  });

  it("passes HTML blocks as they are", () => {
    const html = "<ul>\n<li>apples</li>\n<li>pears</li>\n</ul>";
    expect(paragraphsFromText(`${html}\n\n<p>Intro</p>\n\n<h2>Title</h2>`)).toBe(
      `${html}\n<p>Intro</p>\n<h2>Title</h2>`,
    );
  });

  it("puts an image marker on its own line in a block of its own", () => {
    expect(paragraphsFromText("Top\n[IMAGE:a]\n[PAIRED:b:c]\nBottom")).toBe(
      "<p>Top</p>\n[IMAGE:a]\n[PAIRED:b:c]\n<p>Bottom</p>",
    );
  });

  it("gives nothing for blank text", () => {
    expect(paragraphsFromText(" \n\n ")).toBe("");
  });
});
