import { describe, expect, it } from "vitest";
import { isPostReadingKey, queryKeys } from "./query-keys";

describe("query keys", () => {
  it("tell a post's reading data (stale after any post write or profile change) from the post itself", () => {
    expect(isPostReadingKey(queryKeys.postReading("a"))).toBe(true);
    expect(isPostReadingKey(queryKeys.post("a"))).toBe(false);
    expect(isPostReadingKey(queryKeys.latestPosts)).toBe(false);
    expect(isPostReadingKey(queryKeys.comments("a"))).toBe(false);
  });
});
