import { describe, expect, it } from "vitest";
import { ownTexts } from "./own-texts";

describe("an editor's own texts", () => {
  it("an older text of its own is not set back (a partner's later keys would be undone)", () => {
    const own = ownTexts("A");
    own.add("AB"); // typed here
    own.add("ABC"); // a partner's key, arrived
    // React renders "AB" while "ABC" is on its way: the editor's own, left alone.
    expect(own.has("AB")).toBe(true);
    expect(own.has("ABX")).toBe(false); // the HTML view's edit: set into the editor
  });

  it("after a text set from outside, earlier ones are no longer its own (the HTML view typed back)", () => {
    const own = ownTexts("T");
    own.reset("Tx");
    expect(own.has("T")).toBe(false);
    expect(own.has("Tx")).toBe(true);
  });

  it("remembers the latest 64 only", () => {
    const own = ownTexts("0");
    for (let n = 1; n <= 100; n++) own.add(String(n));
    expect(own.has("36")).toBe(false);
    expect(own.has("37")).toBe(true);
    expect(own.has("100")).toBe(true);
  });
});
