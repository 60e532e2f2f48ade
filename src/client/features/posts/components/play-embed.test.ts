import { describe, expect, it } from "vitest";
import { embedPlayerUrl } from "../../../../common/rules/embeds";
import { playerUrl } from "./play-embed";

describe("the reader's embed click", () => {
  it("opens the same player address as the shared rule, and nothing for anything else", () => {
    for (const embed of ["youtube:dQw4w9WgXcQ", "vimeo:76979871"])
      expect(playerUrl(embed)).toBe(embedPlayerUrl(embed));
    for (const bad of ["", "evil:1", "youtube:a/b", "vimeo:1?x", "youtube:dQw4w9WgXcQ extra"])
      expect(playerUrl(bad), bad).toBeNull();
  });
});
