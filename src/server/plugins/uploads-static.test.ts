import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app";
import { uploadKeyOf } from "./uploads-static";

let t: TestApp;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

beforeAll(async () => {
  t = await buildTestApp();
  const uploads = path.join(t.config.dataDir, "uploads");
  mkdirSync(path.join(uploads, "blog-images"), { recursive: true });
  writeFileSync(path.join(uploads, "blog-images", "1700000000000_photo.jpg"), jpeg);
  writeFileSync(path.join(uploads, "blog-images", "1700000000000_page.html"), "<script>alert(1)</script>");
  writeFileSync(path.join(uploads, "blog-images", "1700000000000_logo.svg"), "<svg onload=alert(1)></svg>");
  writeFileSync(path.join(uploads, "blog-images", ".hidden.jpg"), jpeg);
  // Something outside uploads/ that a traversal would try to reach.
  writeFileSync(path.join(t.config.dataDir, "secret.jpg"), jpeg);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: "GET", url, headers });

describe("GET /uploads/*", () => {
  it("serves an uploaded image with its strict type, nosniff and a year-long immutable cache", async () => {
    const res = await get("/uploads/blog-images/1700000000000_photo.jpg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get("/uploads/blog-images/1700000000000_photo.jpg");
    const again = await get("/uploads/blog-images/1700000000000_photo.jpg", {
      "if-none-match": String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  for (const url of [
    "/uploads/blog-images/1700000000000_page.html",
    "/uploads/blog-images/1700000000000_logo.svg",
    "/uploads/blog-images/.hidden.jpg",
    "/uploads/blog-images/missing.jpg",
    "/uploads/blog-images",
    "/uploads/",
    "/uploads/..%2fsecret.jpg",
    "/uploads/blog-images/..%2f..%2fsecret.jpg",
    "/uploads/..%5csecret.jpg",
    "/uploads/blog-images/1700000000000_photo.jpg%00.html",
  ]) {
    it(`${url} › 404, nothing outside the uploads folder and nothing but images`, async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json().error.code).toBe("NOT_FOUND");
    });
  }

  it("a malformed escape › 400, never a 500", async () => {
    expect((await get("/uploads/%E0%A4%A.jpg")).statusCode).toBe(400);
  });

  it("names only plain image keys", () => {
    // Clients that send dot segments as they are (no URL normalisation on the way).
    expect(uploadKeyOf("blog-images/%2e%2e/%2e%2e/secret.jpg")).toBeNull();
    expect(uploadKeyOf("..%2f..%2fsecret.jpg")).toBeNull();
    expect(uploadKeyOf("%E0%A4%A.jpg")).toBeNull();
    expect(uploadKeyOf("blog-images/1_a.webp")).toBe("blog-images/1_a.webp");
    expect(uploadKeyOf("../db/PG_VERSION.jpg")).toBeNull();
    expect(uploadKeyOf("blog-images/1_a.JPG")).toBe("blog-images/1_a.JPG");
    expect(uploadKeyOf("blog-images/a.php")).toBeNull();
  });
});
