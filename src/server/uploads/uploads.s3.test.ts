import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../db/schema";
import { createStorage, readAll } from "../storage/storage";
import { type S3TestServer, startS3TestServer } from "../test/s3-server";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Uploads through the S3 adapter against a real S3-protocol server on loopback: the same API,
// headers and all-or-nothing rules as the local folder.
let s3: S3TestServer;
let t: TestApp;
let him: TestUser;
let reader: TestUser;

beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await buildTestApp(s3.env);
  him = await t.as("him");
  reader = await t.as("user");
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const png = (width: number) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: { r: 9, g: 90, b: 200 } } })
    .png()
    .toBuffer();

async function upload(app: TestApp, user: TestUser | null, data: Buffer, filename = "photo.png") {
  const boundary = `----duet${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.request({
    method: "POST",
    url: "/api/uploads",
    cookie: user?.cookie ?? null,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const bucketKeys = async () => {
  const storage = createStorage(t.config);
  const keys: string[] = [];
  for await (const o of storage.list("blog-images/")) keys.push(o.key);
  storage.close();
  return keys.sort();
};

const postCount = async (app: TestApp) => (await app.ctx.db.select({ n: count() }).from(blogPosts))[0]!.n;

describe("uploads in an S3 bucket", () => {
  it("refuses a reader with 403, storing nothing in the bucket", async () => {
    expect((await upload(t, reader, await png(40))).statusCode).toBe(403);
    expect(await bucketKeys()).toEqual([]);
  });

  it("stores the original and its WebP variants in the bucket, not on the local disk", async () => {
    const res = await upload(t, him, await png(1000), "Beach day.png");
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().files[0].url;
    expect(url).toMatch(/^\/uploads\/blog-images\/\d{13}_Beachday\.png$/);
    const key = url.slice("/uploads/".length);
    expect(await bucketKeys()).toEqual([key, `${key}.480w.webp`, `${key}.960w.webp`]);
    expect(existsSync(path.join(t.config.dataDir, "uploads"))).toBe(false);
  });

  it("serves them with strict types, nosniff, an immutable cache and a working 304", async () => {
    const url: string = (await upload(t, him, await png(600))).json().files[0].url;
    const res = await t.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(600);
    const variant = await t.request({ method: "GET", url: `${url}.480w.webp` });
    expect(variant.headers["content-type"]).toBe("image/webp");
    const again = await t.request({
      method: "GET",
      url,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.request({ method: "GET", url: "/uploads/blog-images/1_missing.png" })).statusCode).toBe(
      404,
    );
  });

  it("the bucket's objects carry the same headers for a CDN in front of it", async () => {
    const url: string = (await upload(t, him, await png(200))).json().files[0].url;
    const object = await fetch(`${s3.endpoint}/${s3.bucket}${url.slice("/uploads".length)}`);
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(object.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("a post with an uploaded image gets srcset from the variants in the bucket", async () => {
    const url: string = (await upload(t, him, await png(1200))).json().files[0].url;
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: {
        title: "From the bucket",
        author: "him",
        content: `<p>x</p><img class="post-image post-image--full post-image--large" src="${url}" alt="" data-image-id="a">`,
        images: [{ id: "a", url, position: "full", size: "large", pairedWith: null }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toContain(
      `srcset="${url}.480w.webp 480w, ${url}.960w.webp 960w, ${url} 1200w"`,
    );
  });
});

describe("when the bucket does not answer", () => {
  let down: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    // A storage server that has stopped: nothing listens on its port any more.
    const stopped = await startS3TestServer();
    await stopped.close();
    down = await buildTestApp(stopped.env);
    author = await down.as("him");
  });
  afterAll(() => down.close());

  it("an upload answers 503 with a clear message and leaves nothing behind", async () => {
    const res = await upload(down, author, await png(1000));
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: "STORAGE_UNAVAILABLE",
      message: "The images could not be stored right now. Please try again.",
    });
  });

  it("a post whose images cannot be looked up is not stored (503), not half-stored", async () => {
    const before = await postCount(down);
    const url = "/uploads/blog-images/1700000000000_a.png";
    const res = await down.request({
      method: "POST",
      url: "/api/posts",
      cookie: author.cookie,
      payload: {
        title: "Half",
        author: "him",
        content: `<p>x</p><img class="post-image post-image--full post-image--large" src="${url}" alt="" data-image-id="a">`,
        images: [{ id: "a", url, position: "full", size: "large", pairedWith: null }],
      },
    });
    expect(res.statusCode).toBe(503);
    expect(await postCount(down)).toBe(before);
  });
});

describe("UPLOADS_PUBLIC_URL", () => {
  let cdn: TestApp;
  beforeAll(async () => {
    cdn = await buildTestApp({ ...s3.env, UPLOADS_PUBLIC_URL: "https://cdn.example.com/duet/" });
  });
  afterAll(() => cdn.close());

  it("/uploads/* sends the browser to the CDN for good, and the CSP allows its images", async () => {
    const res = await cdn.request({ method: "GET", url: "/uploads/blog-images/1_a.png" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("https://cdn.example.com/duet/blog-images/1_a.png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers["content-security-policy"])).toContain(
      "img-src 'self' data: blob: https://cdn.example.com",
    );
    expect((await cdn.request({ method: "GET", url: "/uploads/blog-images/a.svg" })).statusCode).toBe(404);
  });
});

describe("readAll", () => {
  it("joins a stream's chunks", async () => {
    const { Readable } = await import("node:stream");
    expect((await readAll(Readable.from([Buffer.from("a"), Buffer.from("b")]))).toString()).toBe("ab");
  });
});
