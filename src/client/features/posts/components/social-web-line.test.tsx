import { describe, expect, it } from "vitest";
import { blueskyText, socialWebText } from "./social-web-line";

describe("socialWebText", () => {
  it("counts likes and boosts from the social web apart", () => {
    expect(socialWebText({ likes: 12, boosts: 5, names: [] })).toBe(
      "12 likes · 5 boosts from the social web",
    );
    expect(socialWebText({ likes: 1, boosts: 0, names: [] })).toBe("1 like · 0 boosts from the social web");
  });
});

describe("blueskyText", () => {
  it("counts the card's likes and reposts on Bluesky apart", () => {
    expect(blueskyText({ likes: 2, reposts: 1 })).toBe("2 likes · 1 repost on Bluesky");
    expect(blueskyText({ likes: 1, reposts: 0 })).toBe("1 like · 0 reposts on Bluesky");
  });
});
