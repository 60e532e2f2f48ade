import { describe, expect, it } from "vitest";
import { normaliseTagParam } from "./hashtag-link";

describe("hashtag link rule", () => {
  it("reads a tag from a URL the way tags are stored: trimmed, lower-case, without '#'", () => {
    expect(normaliseTagParam(" #Travel ")).toBe("travel");
    expect(normaliseTagParam("road-trip")).toBe("road-trip");
  });

  it("rejects an empty or overlong tag", () => {
    expect(normaliseTagParam("  ")).toBeNull();
    expect(normaliseTagParam("#")).toBeNull();
    expect(normaliseTagParam("x".repeat(41))).toBeNull();
  });

  it("rejects a tag holding a control character (no stored tag can)", () => {
    expect(normaliseTagParam("a\u0000b")).toBeNull();
    expect(normaliseTagParam("\u0000")).toBeNull();
    expect(normaliseTagParam("tab\there")).toBeNull();
  });
});
