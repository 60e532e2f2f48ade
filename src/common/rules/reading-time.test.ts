import { describe, expect, it } from "vitest";
import { countWords, READING_WORDS_PER_MINUTE, readingMinutes, readingTimeLabel } from "./reading-time";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("reading time", () => {
  it("counts the words of the text, not of the markup", () => {
    const html =
      '<p>One <strong class="x">two</strong>&nbsp;three</p><img src="/uploads/a.png" alt="not counted words here">' +
      '<div class="image-pair" data-pair="a b"></div><ul><li>four</li><li>five — six</li></ul>';
    expect(countWords(html)).toBe(6);
  });

  it("is the words over 230 a minute, rounded, at least one minute", () => {
    expect(READING_WORDS_PER_MINUTE).toBe(230);
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("<p>Short.</p>")).toBe(1);
    expect(readingMinutes(`<p>${words(230 * 4)}</p>`)).toBe(4);
    expect(readingMinutes(`<p>${words(230 * 4 + 120)}</p>`)).toBe(5);
    // Block ends separate words: '</p><p>' does not glue two words into one.
    expect(readingMinutes(`<p>${words(460)}</p><p>${words(460)}</p>`)).toBe(4);
    expect(readingTimeLabel(4)).toBe("4 min read");
  });
});
