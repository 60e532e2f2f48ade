import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bombArchives } from "../test/archive-bombs";
import { normalisedArchive, writeSampleBlog } from "../test/sample-blog";
import { buildTestApp, type TestApp } from "../test/test-app";
import { ESTIMATE_HEADER } from "./archive.routes";

let source: TestApp;
let empty: TestApp;
let archive: Buffer;
let herArchive: Buffer;
let work: string;

function multipart(data: Buffer, filename = "blog.tar.gz") {
  const boundary = `----duet${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="${filename}"\r\nContent-Type: application/gzip\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const importRequest = (app: TestApp, cookie: string | null, data: Buffer) =>
  app.request({ method: "POST", url: "/api/admin/import", cookie, ...multipart(data) });

beforeAll(async () => {
  source = await buildTestApp();
  empty = await buildTestApp();
  await writeSampleBlog(source);
  work = mkdtempSync(path.join(tmpdir(), "duet-archive-routes-"));
});
afterAll(async () => {
  await source.close();
  await empty.close();
  rmSync(work, { recursive: true, force: true });
});

describe("GET /api/admin/export", () => {
  it("refuses a visitor (401) and a reader (403)", async () => {
    expect((await source.request({ url: "/api/admin/export" })).statusCode).toBe(401);
    const reader = await source.as("user");
    const res = await source.request({ url: "/api/admin/export", cookie: reader.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
  });

  it("gives each author their own blog as one archive, with a size estimate for the progress bar", async () => {
    const titles: Record<string, string[]> = {};
    for (const role of ["her", "him"] as const) {
      const author = await source.as(role);
      const res = await source.request({ url: "/api/admin/export", cookie: author.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/gzip");
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="duet-export-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
      );
      expect(Number(res.headers[ESTIMATE_HEADER])).toBeGreaterThan(1000);
      const file = path.join(work, `${role}.tar.gz`);
      writeFileSync(file, res.rawPayload);
      const { tables } = await normalisedArchive(file);
      titles[role] = tables.blog_posts!.map((l) => JSON.parse(l).title).sort();
      // The browser's export never carries password hashes.
      expect(tables.account).toBeUndefined();
      if (role === "him") archive = res.rawPayload;
      else herArchive = res.rawPayload;
    }
    expect(titles).toEqual({ him: ["A pair of photos"], her: ["Her words", "Not yet"] });
  });

  it("refuses unknown parameters with a 400", async () => {
    const him = await source.as("him");
    const res = await source.request({ url: "/api/admin/export?secrets=1", cookie: him.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe("POST /api/admin/import", () => {
  it("refuses a visitor (401) and a reader (403)", async () => {
    expect((await importRequest(empty, null, Buffer.from("x"))).statusCode).toBe(401);
    const reader = await empty.as("user");
    expect((await importRequest(empty, reader.cookie, Buffer.from("x"))).statusCode).toBe(403);
  });

  it("refuses a blog that already has posts (409), before reading the upload", async () => {
    const her = await source.as("her");
    const res = await importRequest(source, her.cookie, herArchive);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "BLOG_NOT_EMPTY",
      message: "This blog already has posts: an archive can only be imported into an empty blog.",
    });
  });

  it("refuses what is not a multipart upload of an archive, storing nothing", async () => {
    const him = await empty.as("him");
    const json = await empty.request({
      method: "POST",
      url: "/api/admin/import",
      cookie: him.cookie,
      payload: { archive: "x" },
    });
    expect(json.statusCode).toBe(415);
    const junk = await importRequest(empty, him.cookie, Buffer.from("not an archive at all"));
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.code).toBe("INVALID_ARCHIVE");
    expect(junk.json().error.message).toMatch(
      /^The archive is damaged or not a Duet archive: .*Nothing was imported\.$/,
    );
    const cut = await importRequest(empty, him.cookie, archive.subarray(0, archive.length - 200));
    expect(cut.statusCode).toBe(400);
    // An unknown field before the file, and two files: a clear 4xx, never a 500.
    for (const extra of ['name="scope"\r\n\r\nboth', 'name="archive"; filename="b.tar.gz"\r\n\r\nxx']) {
      const boundary = `----duet${randomUUID()}`;
      const res = await empty.request({
        method: "POST",
        url: "/api/admin/import",
        cookie: him.cookie,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${extra}\r\n`),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="a.tar.gz"\r\n\r\n`,
          ),
          archive,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.message).toBeTruthy();
    }
    const posts = await empty.request({ url: "/api/posts" });
    expect(posts.json().items).toHaveLength(0);
  });

  // 2.4 MB that unpack to 2.4 GB once took 150 s and 448 MB of the server's memory.
  it.each(["images of zeros", "zeros after the manifest"] as const)(
    "refuses a compressed bomb (%s) quickly with a 400, nothing written, the server's memory flat",
    async (kind) => {
      const him = await empty.as("him");
      const bomb = (await bombArchives(archive))[kind];
      expect(bomb.length).toBeLessThan(3_000_000);
      const rss = process.memoryUsage.rss();
      const started = performance.now();
      const res = await importRequest(empty, him.cookie, bomb);
      const seconds = (performance.now() - started) / 1000;
      const grew = (process.memoryUsage.rss() - rss) / 1024 / 1024;
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("INVALID_ARCHIVE");
      expect(seconds).toBeLessThan(15);
      expect(grew).toBeLessThan(100);
      console.info(`bomb (${kind}): refused in ${seconds.toFixed(1)} s, server RSS +${grew.toFixed(0)} MB`);
      expect((await empty.request({ url: "/api/posts" })).json().items).toHaveLength(0);
      const uploads = path.join(empty.config.dataDir, "uploads", "blog-images");
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
      expect(readdirSync(empty.config.dataDir).filter((n) => n.startsWith(".import"))).toEqual([]);
    },
  );

  it("imports an archive into an empty blog: posts, comments and likes are served at once", async () => {
    const him = await empty.as("him");
    const res = await importRequest(empty, him.cookie, archive);
    expect(res.statusCode).toBe(200);
    expect(res.json().tables.blog_posts).toEqual({ rows: 1, added: 1 });
    const posts = (await empty.request({ url: "/api/posts" })).json().items as {
      id: string;
      title: string;
      likes: number;
    }[];
    expect(posts.map((p) => p.title).sort()).toEqual(["A pair of photos"]);
    expect(posts.find((p) => p.title === "A pair of photos")!.likes).toBe(2);
    const paired = posts.find((p) => p.title === "A pair of photos")!;
    const full = (await empty.request({ url: `/api/posts/${paired.id}` })).json();
    const image = await empty.request({ url: full.imageUrl });
    expect(image.statusCode).toBe(200);
    // The imported 'him' account is this blog's 'him': his session still works and he is still an author.
    expect((await empty.request({ url: "/api/admin/export", cookie: him.cookie })).statusCode).toBe(200);
    // Now the blog has posts: a second import is refused.
    expect((await importRequest(empty, him.cookie, archive)).statusCode).toBe(409);
  });
});
