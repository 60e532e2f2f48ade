import { describe, expect, it } from "vitest";
import { FingerprintTable } from "./fingerprint-table";

describe("FingerprintTable", () => {
  it("counts each fingerprint apart, colliding slots included, and forgets all at clear()", () => {
    const table = new FingerprintTable(8);
    expect(table.count(1, 2)).toBe(0);
    expect(table.add(1, 2)).toBe(1);
    expect(table.add(1, 2)).toBe(2);
    // Same home slot (the low bits), another fingerprint: probed past, counted apart.
    expect(table.add(9, 2)).toBe(1);
    expect(table.count(1, 2)).toBe(2);
    expect(table.count(9, 2)).toBe(1);
    expect(table.size).toBe(2);
    table.clear();
    expect([table.count(1, 2), table.count(9, 2), table.size]).toEqual([0, 0, 0]);
  });

  it("keeps a fingerprint whose low half is 0, and stops counting at 255", () => {
    const table = new FingerprintTable(4);
    expect(table.add(0, 0)).toBe(1);
    expect(table.count(0, 0)).toBe(1);
    for (let i = 0; i < 300; i++) table.add(5, 5);
    expect(table.count(5, 5)).toBe(255);
  });
});
