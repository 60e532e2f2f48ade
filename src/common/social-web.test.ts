import { describe, expect, it } from "vitest";
import { remoteServerOf } from "./social-web";

describe("remoteServerOf", () => {
  it("names the server of a comment from the social web, and nothing for a reader's", () => {
    expect(remoteServerOf({ userId: "ap_1f", author: "Alice (@alice@Mastodon.Example)" })).toBe(
      "mastodon.example",
    );
    expect(remoteServerOf({ userId: "ap_2a", author: "@bob@127.0.0.1:4000" })).toBe("127.0.0.1:4000");
    expect(remoteServerOf({ userId: "u123", author: "Alice (@alice@mastodon.example)" })).toBeNull();
  });
});
