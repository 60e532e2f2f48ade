import { describe, expect, it } from "vitest";
import { normaliseSearchText } from "./search-text";

describe("normaliseSearchText", () => {
  it("trims, turns runs of spaces and control characters into one space", () => {
    expect(normaliseSearchText("  sea \t\n  gulls ")).toBe("sea gulls");
    expect(normaliseSearchText("a\u0001\u007fb")).toBe("a b");
    expect(normaliseSearchText("\u00a0x\u2003y")).toBe("x y");
  });

  it("leaves words, quotes and operators as typed; nothing left is ''", () => {
    expect(normaliseSearchText('"Sea Gulls" or -crab')).toBe('"Sea Gulls" or -crab');
    expect(normaliseSearchText(" \t ")).toBe("");
  });
});
