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

  it("keeps spaces inside a tag (one for a run of them) and strips hyphens", () => {
    expect(parseHashtagsOnCreate("Travel, Food!, summer fun")).toEqual(["travel", "food", "summer fun"]);
    expect(normaliseCreateTag("  Summer   Trip ")).toBe("summer trip");
    expect(parseHashtagsOnCreate("road trip, new-york")).toEqual(["road trip", "newyork"]);
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

  it("loads stored tags back into the field as a comma-separated list", () => {
    expect(formatHashtags(["summer fun", "food"])).toBe("summer fun, food");
    expect(parseHashtagsOnEdit(formatHashtags(["road-trip", "food"]))).toEqual(["road-trip", "food"]);
  });
});
