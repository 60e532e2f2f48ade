import { describe, expect, it } from "vitest";
import { contrastRatio, MIN_CONTRAST, THEME_BACKGROUNDS, textOn } from "./contrast";

describe("contrast", () => {
  it("matches WCAG's known ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(4.48, 2);
  });

  it("passes the themes' own accents on their own backgrounds", () => {
    expect(contrastRatio("#f0a070", THEME_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio("#b24a1c", THEME_BACKGROUNDS.light)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("no single colour reaches 4.5:1 on both backgrounds, so each theme has its own accent", () => {
    let best = 0;
    for (let v = 0; v < 256; v++) {
      const hex = `#${v.toString(16).padStart(2, "0").repeat(3)}`;
      best = Math.max(
        best,
        Math.min(contrastRatio(hex, THEME_BACKGROUNDS.dark), contrastRatio(hex, THEME_BACKGROUNDS.light)),
      );
    }
    expect(best).toBeLessThan(MIN_CONTRAST);
  });

  it("puts black text on light accents and white on dark ones", () => {
    expect(textOn("#f0a070")).toBe("#000000");
    expect(textOn("#b24a1c")).toBe("#ffffff");
  });
});
