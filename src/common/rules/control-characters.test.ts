import { describe, expect, it } from "vitest";
import { textProblem } from "./control-characters";

describe("the control-character rule", () => {
  it("a single-line field refuses every line break and every control character", () => {
    for (const bad of ["a\nb", "a\rb", "a\u2028b", "a\u2029b"])
      expect(textProblem(bad, false)).toBe("line-break");
    for (const bad of ["a\u0000b", "a\tb", "a\u001bb", "a\u007fb", "a\u0085b", "a\u009fb"])
      expect(textProblem(bad, false), JSON.stringify(bad)).toBe("control");
    // A control character is named even when a line break comes first.
    expect(textProblem("a\nb\u0000", false)).toBe("control");
  });

  it("multi-line text keeps LF, CR and tab but refuses the other controls", () => {
    expect(textProblem("one\r\ntwo\tthree\u2028four", true)).toBeNull();
    expect(textProblem("one\u0000two", true)).toBe("control");
    expect(textProblem("one\u0008two", true)).toBe("control");
  });

  it("ordinary text in any script passes", () => {
    for (const ok of ["Summer in Kyoto", "café 東京 — ünïcödé", "emoji 🌸", "a\u00a0b", ""])
      expect(textProblem(ok, false), ok).toBeNull();
  });
});
