import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letter of the first two words", () => {
    expect(initialsOf("Ana Lima")).toBe("AL");
    expect(initialsOf("  maria   da silva ")).toBe("MD");
    expect(initialsOf("Bo")).toBe("B");
  });
  it("never an emoji, a quote or a dash: the next letter, or the next word's", () => {
    expect(initialsOf("Zoë 🌻")).toBe("Z");
    expect(initialsOf("🌻 Zoë Ruiz")).toBe("ZR");
    expect(initialsOf('"Quoted" — name')).toBe("QN");
  });
  it("letters of any script, and digits", () => {
    expect(initialsOf("Élodie Ørsted")).toBe("ÉØ");
    expect(initialsOf("李 小龙")).toBe("李小");
    expect(initialsOf("42 Club")).toBe("4C");
  });
  it("nothing when there is no letter", () => {
    expect(initialsOf("🌻 🌵")).toBe("");
    expect(initialsOf("")).toBe("");
  });
});
