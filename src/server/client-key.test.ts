import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key";

describe("clientKey (the key of every per-address limit)", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("maps every IPv6 address of one /64 to the same key, and other /64s to others", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:DB8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:1234:5678:9abc:def0",
      "2001:db8:1:2:aa::bb",
      "2001:db8:1:2::1%eth0",
    ].map(clientKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::"]));
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::");
    expect(clientKey("::1")).toBe("0:0:0:0::");
    expect(clientKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::");
  });

  it("maps an IPv4-mapped IPv6 address to its IPv4 address", () => {
    expect(clientKey("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(clientKey("::FFFF:198.51.100.4")).toBe("198.51.100.4");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(clientKey("not-an-ip")).toBe("not-an-ip");
    expect(clientKey("")).toBe("");
  });
});
