import { describe, expect, it } from "vitest";
import { socialWebText } from "./social-web-line";

describe("socialWebText", () => {
  it("counts likes and boosts from the social web apart", () => {
    expect(socialWebText({ likes: 12, boosts: 5, names: [] })).toBe(
      "12 likes · 5 boosts from the social web",
    );
    expect(socialWebText({ likes: 1, boosts: 0, names: [] })).toBe("1 like · 0 boosts from the social web");
  });
});
