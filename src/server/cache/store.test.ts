import { describe, expect, it } from "vitest";
import { approxBytes, ContentCache } from "./store";

describe("ContentCache", () => {
  it("keeps what was set until the next write invalidates it", async () => {
    const cache = new ContentCache();
    expect(await cache.getOrLoad("a", async () => "one")).toBe("one");
    expect(await cache.getOrLoad("a", async () => "two")).toBe("one");
    cache.invalidate();
    expect(await cache.getOrLoad("a", async () => "two")).toBe("two");
  });

  it("does not keep a value loaded while a write happened", async () => {
    const cache = new ContentCache();
    let release: (v: string) => void = () => {};
    const loading = cache.getOrLoad("a", () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    release("stale");
    expect(await loading).toBe("stale");
    expect(cache.peek("a")).toBeUndefined();
  });

  it("stays within its byte budget however many distinct keys are cached (oldest go first)", async () => {
    const cache = new ContentCache();
    const big = Buffer.alloc(1024 * 1024); // 1 MiB each: 200 of them would be 200 MiB
    for (let i = 0; i < 200; i++) await cache.getOrLoad(`page|${i}`, async () => ({ raw: big }));
    expect(cache.size.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(cache.peek("page|0")).toBeUndefined();
    expect(cache.peek("page|199")).toBeDefined();
  });

  it("does not keep a value its caller says is not to be kept", async () => {
    const cache = new ContentCache();
    expect(
      await cache.getOrLoad(
        "a",
        async () => null,
        (v) => v !== null,
      ),
    ).toBeNull();
    expect(cache.peek("a")).toBeUndefined();
    expect(
      await cache.getOrLoad(
        "a",
        async () => "found",
        (v) => v !== null,
      ),
    ).toBe("found");
    expect(cache.peek("a")).toBe("found");
  });

  it("approxBytes counts buffers and strings", () => {
    expect(approxBytes(Buffer.alloc(1000))).toBe(1000);
    expect(approxBytes({ a: "xx" })).toBeGreaterThan(4);
  });
});
