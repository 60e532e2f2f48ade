import { describe, expect, it } from "vitest";
import {
  formatHashtags,
  normaliseCreateTag,
  normaliseEditTag,
  parseHashtagsOnCreate,
  parseHashtagsOnEdit,
} from "./hashtags";

describe("hashtags › create rule (SPEC §5)", () => {
  it("splits on commas, trims and lower-cases", () => {
    expect(parseHashtagsOnCreate(" Travel, FOOD ,Paris")).toEqual(["travel", "food", "paris"]);
  });

  it("strips everything but letters, digits and spaces, and drops empties", () => {
    expect(parseHashtagsOnCreate("#travel!, , @@, c++, 2024")).toEqual(["travel", "c", "2024"]);
  });

  it("turns spaces inside a tag into one hyphen so the tag is URL-safe", () => {
    expect(normaliseCreateTag("  Summer   Trip ")).toBe("summer-trip");
    expect(parseHashtagsOnCreate("road trip, new-york")).toEqual(["road-trip", "newyork"]);
  });

  it("keeps letters of any script", () => {
    expect(parseHashtagsOnCreate("Café, 東京")).toEqual(["café", "東京"]);
  });

  it("drops duplicates, keeping the first", () => {
    expect(parseHashtagsOnCreate("a, A, a!")).toEqual(["a"]);
  });
});

describe("hashtags › edit rule (SPEC §5)", () => {
  it("keeps letters, digits and hyphens, strips the rest", () => {
    expect(parseHashtagsOnEdit("Summer-Trip, #food!, hello world")).toEqual([
      "summer-trip",
      "food",
      "helloworld",
    ]);
  });

  it("drops empties and trims stray hyphens", () => {
    expect(parseHashtagsOnEdit("--, -a-, ,")).toEqual(["a"]);
    expect(normaliseEditTag("a---b")).toBe("a-b");
  });

  it("leaves tags made by the create rule unchanged (load and save again is stable)", () => {
    const created = parseHashtagsOnCreate("Road Trip, Food 2024, paris");
    expect(parseHashtagsOnEdit(formatHashtags(created))).toEqual(created);
  });
});
