import { describe, expect, it } from "vitest";
import { REMOTE_REPLIES_PER_SERVER_PER_MINUTE, RemoteReplyLimits } from "./remote-limits";

describe("RemoteReplyLimits", () => {
  it("holds an account's 31st reply within a minute, as readers are limited to 30", () => {
    let now = new Date("2026-12-01T10:00:00Z");
    const limits = new RemoteReplyLimits(() => now);
    const answers = Array.from({ length: 31 }, () => limits.allows("https://a.example/users/eve"));
    expect(answers.filter(Boolean)).toHaveLength(30);
    expect(answers.at(-1)).toBe(false);
    expect(limits.allows("https://a.example/users/other")).toBe(true);
    now = new Date(now.getTime() + 61_000);
    expect(limits.allows("https://a.example/users/eve")).toBe(true);
  });

  it("holds a server's replies above its limit, whichever of its accounts writes them", () => {
    const limits = new RemoteReplyLimits(() => new Date("2026-12-01T10:00:00Z"));
    const answers = Array.from({ length: REMOTE_REPLIES_PER_SERVER_PER_MINUTE + 1 }, (_, i) =>
      limits.allows(`https://flood.example/users/u${i}`),
    );
    expect(answers.filter(Boolean)).toHaveLength(REMOTE_REPLIES_PER_SERVER_PER_MINUTE);
    expect(limits.allows("https://flood.example/users/fresh")).toBe(false);
    expect(limits.allows("https://calm.example/users/ann")).toBe(true);
  });
});
