import { describe, expect, it } from "vitest";
import type { PostPair } from "../../../../common/takes";
import { revealDateNotice } from "./pair-item";

const pair = (over: Partial<PostPair>): PostPair => ({
  id: "p",
  topic: "Lisbon",
  prompt: "",
  revealAt: "2026-01-01T00:00:00.000Z",
  state: "accepted",
  proposedBy: "him",
  createdAt: "2025-12-01T00:00:00.000Z",
  decidedAt: null,
  revealedAt: null,
  waitingForMe: false,
  revealDatePassed: true,
  takes: { him: "ready", her: "writing" },
  myTakeId: null,
  ...over,
});

describe("the reveal date's notice (decision 0046)", () => {
  it("names whose take is missing, to each author", () => {
    expect(revealDateNotice(pair({}), "him")).toBe(
      "The reveal date has passed and your partner's take is not ready yet. Both takes are revealed together as soon as both are ready.",
    );
    expect(revealDateNotice(pair({}), "her")).toBe(
      "The reveal date has passed and your take is not ready yet. Both takes are revealed together as soon as both are ready.",
    );
    expect(revealDateNotice(pair({ takes: { him: "writing", her: "not started" } }), "her")).toContain(
      "neither take is ready yet.",
    );
  });

  it("says nothing while the date is ahead", () => {
    expect(revealDateNotice(pair({ revealDatePassed: false }), "him")).toBeNull();
  });
});
