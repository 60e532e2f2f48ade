import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../common/limits";
import { sanitiseFileName } from "../content/image-store";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
  dir = path.join(t.config.dataDir, "uploads", "blog-images");
});
afterAll(() => t.close());

interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

function multipart(files: FilePart[]) {
  const boundary = `----duet${randomUUID()}`;
  const chunks = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.data,
    Buffer.from("\r\n"),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width: number, height = Math.round(width / 2)) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

const upload = (user: TestUser | null, files: FilePart[], headers: Record<string, string> = {}) => {
  const body = multipart(files);
  return t.request({
    method: "POST",
    url: "/api/uploads",
    cookie: user?.cookie ?? null,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

const stored = () => (existsSync(dir) ? readdirSync(dir) : []);

describe("POST /api/uploads", () => {
  it("refuses a visitor with 401 and a reader with 403", async () => {
    const file = { filename: "a.png", type: "image/png", data: await png(20) };
    expect((await upload(null, [file])).statusCode).toBe(401);
    expect((await upload(reader, [file])).statusCode).toBe(403);
    expect(stored()).toEqual([]);
  });

  it("stores several images as blog-images/{timestamp}_{name} with WebP variants below their width", async () => {
    const res = await upload(her, [
      { filename: "Beach day (1).PNG", type: "image/png", data: await png(1000) },
      { filename: "tiny.png", type: "image/png", data: await png(40) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { files } = res.json() as {
      files: Array<{ id: string; url: string; width: number; height: number }>;
    };
    expect(files).toHaveLength(2);
    expect(files[0]).toMatchObject({ width: 1000, height: 500 });
    expect(files[0]!.url).toMatch(/^\/uploads\/blog-images\/\d{13}_Beachday1\.png$/);
    expect(files[1]!.url).toMatch(/^\/uploads\/blog-images\/\d{13}_tiny\.png$/);
    expect(files[0]!.id).not.toBe(files[1]!.id);
    const name = path.basename(files[0]!.url);
    expect(stored()).toEqual(expect.arrayContaining([name, `${name}.480w.webp`, `${name}.960w.webp`]));
    expect(stored()).not.toContain(`${name}.1600w.webp`);
    expect(stored().filter((f) => f.startsWith(path.basename(files[1]!.url)))).toHaveLength(1);
    expect((await sharp(path.join(dir, `${name}.480w.webp`)).metadata()).width).toBe(480);
  });

  it("strips metadata such as GPS from the stored file", async () => {
    const data = await sharp(await png(64))
      .jpeg()
      .withExif({ IFD0: { Copyright: "me" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect((await sharp(data).metadata()).exif).toBeDefined();
    const res = await upload(him, [{ filename: "gps.jpg", type: "image/jpeg", data }]);
    expect(res.statusCode, res.body).toBe(201);
    const file = path.join(dir, path.basename(res.json().files[0].url));
    expect(file.endsWith(".jpg")).toBe(true);
    expect((await sharp(file).metadata()).exif).toBeUndefined();
  });

  it("keeps a path-traversal file name inside blog-images", async () => {
    const res = await upload(him, [
      { filename: "../../../etc/passwd.png", type: "image/png", data: await png(20) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().files[0].url).toMatch(/^\/uploads\/blog-images\/\d{13}_(etc)?passwd\.png$/);
    expect(existsSync(path.join(t.config.dataDir, "etc"))).toBe(false);
  });

  it("refuses a renamed text file with 415, storing nothing", async () => {
    const before = stored().length;
    const res = await upload(him, [
      { filename: "notes.png", type: "image/png", data: Buffer.from("just some text\n") },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe("That file is not a supported image.");
    expect(stored().length).toBe(before);
  });

  it("refuses an SVG with a script with 415, storing nothing", async () => {
    const before = stored().length;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const res = await upload(him, [{ filename: "logo.svg", type: "image/svg+xml", data: svg }]);
    expect(res.statusCode).toBe(415);
    expect(stored().length).toBe(before);
  });

  it("refuses the whole request when one file of several is bad", async () => {
    const before = stored().length;
    const res = await upload(him, [
      { filename: "ok.png", type: "image/png", data: await png(20) },
      { filename: "bad.png", type: "image/png", data: Buffer.from("nope") },
    ]);
    expect(res.statusCode).toBe(415);
    expect(stored().length).toBe(before);
  });

  it("refuses an image over the size limit with 413", async () => {
    const big = Buffer.concat([await png(20), Buffer.alloc(UPLOAD_MAX_BYTES + 1)]);
    const res = await upload(him, [{ filename: "big.png", type: "image/png", data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("That image is too large (10 MB at most).");
  });

  it("answers 415 to a JSON body and 400 to a request without files", async () => {
    const json = await t.request({
      method: "POST",
      url: "/api/uploads",
      cookie: him.cookie,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(him, []);
    expect(empty.statusCode).toBe(400);
  });

  it("answers a malformed multipart body with a 4xx, never a 500", async () => {
    for (const [type, payload] of [
      [
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nxx',
      ],
      ["multipart/form-data", "no boundary"],
      ["multipart/form-data; boundary=abc", "garbage"],
    ] as const) {
      const res = await t.request({
        method: "POST",
        url: "/api/uploads",
        cookie: him.cookie,
        headers: { "content-type": type },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type}: ${res.body}`).toBeLessThan(500);
    }
  });

  it("refuses a cross-site request with 403", async () => {
    const before = stored().length;
    const res = await upload(him, [{ filename: "a.png", type: "image/png", data: await png(20) }], {
      origin: "https://evil.example",
    });
    expect(res.statusCode).toBe(403);
    expect(stored().length).toBe(before);
  });

  it("the post page uses the variants: a post with an uploaded image gets srcset", async () => {
    const up = await upload(him, [{ filename: "wide.png", type: "image/png", data: await png(1200) }]);
    const url: string = up.json().files[0].url;
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: {
        title: "With image",
        author: "him",
        content: `<p>x</p><img class="post-image post-image--full post-image--large" src="${url}" alt="" data-image-id="a">`,
        images: [{ id: "a", url, position: "full", size: "large", pairedWith: null }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toContain(
      `srcset="${url}.480w.webp 480w, ${url}.960w.webp 960w, ${url} 1200w" sizes="(max-width: 900px) 100vw, 900px"`,
    );
  });
});

describe("sanitiseFileName (SPEC §5: letters, digits and dots)", () => {
  it("keeps letters, digits and dots and takes the stored format's extension", () => {
    expect(sanitiseFileName("My photo (2).JPG", "jpg")).toBe("Myphoto2.jpg");
    expect(sanitiseFileName("..\\..\\x.png", "png")).toBe("x.png");
    expect(sanitiseFileName("###", "webp")).toBe("image.webp");
    expect(sanitiseFileName("a.tar.gz", "png")).toBe("a.tar.gz.png");
  });
});
