import { describe, expect, it } from "vitest";
import { headlineOptions, newMarks, splitMarks } from "./highlight";

describe("search highlights", () => {
  const marks = { start: "hsX", stop: "heX" };

  it("splits marked text into plain and found parts, entities decoded, spaces collapsed", () => {
    expect(splitMarks("  Fish &amp; hsXchipsheX at   the hsXharbourheX ", marks)).toEqual([
      { text: "Fish & " },
      { text: "chips", match: true },
      { text: " at the " },
      { text: "harbour", match: true },
    ]);
  });

  it("joins neighbouring found words and keeps an unclosed mark's text as found", () => {
    expect(splitMarks("hsXseaheX hsXgullsheX", marks)).toEqual([{ text: "sea gulls", match: true }]);
    expect(splitMarks("a hsXb", marks)).toEqual([{ text: "a " }, { text: "b", match: true }]);
  });

  it("treats stored markup as text and never finds marks it did not make", () => {
    expect(splitMarks("&lt;mark&gt;x&lt;/mark&gt; hsY", marks)).toEqual([{ text: "<mark>x</mark> hsY" }]);
  });

  it("makes new letters-and-digits marks every time, usable unquoted in ts_headline's options", () => {
    const a = newMarks();
    const b = newMarks();
    expect(a.start).not.toBe(b.start);
    expect(a.start).toMatch(/^[a-z0-9]{20}$/);
    expect(headlineOptions(a, "HighlightAll=true")).toBe(
      `StartSel=${a.start},StopSel=${a.stop},HighlightAll=true`,
    );
  });
});
