import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../test/s3-server";
import { exportTo, normalisedArchive, unverifiedArchive, writeSampleBlog } from "../test/sample-blog";
import { buildTestApp, type TestApp } from "../test/test-app";
import { importArchive } from "./import";

// A blog on the local folder moves to a blog whose images are in an S3 bucket (a real
// S3-protocol server on loopback), and back out again: the same data.
let s3: S3TestServer;
let local: TestApp;
let bucket: TestApp;
let work: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  local = await buildTestApp();
  bucket = await buildTestApp(s3.env);
  work = mkdtempSync(path.join(tmpdir(), "duet-archive-s3-"));
});
afterAll(async () => {
  await local.close();
  await bucket.close();
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

// Three archives written and read, their images resized: 5 s alone, past 30 s at load 25.
it("exports from the local folder, imports into S3 storage, exports again from S3: the same data", async () => {
  await writeSampleBlog(local);
  const first = path.join(work, "local.tar.gz");
  await exportTo(local.ctx, local.ctx.db, local.config.dataDir, first);

  const report = await importArchive({
    db: bucket.ctx.db,
    storage: bucket.ctx.storage,
    file: first,
    stagingDir: path.join(work, ".staging"),
  });
  expect(report.images).toEqual({ count: 2, added: 2 });
  const second = path.join(work, "s3.tar.gz");
  await exportTo(bucket.ctx, bucket.ctx.db, bucket.ctx.storage, second);
  // Accounts arrive unverified without --with-secrets (admission.ts): the one difference.
  expect(await unverifiedArchive(second)).toEqual(await unverifiedArchive(first));

  // Served from the bucket with the strict type, and importing again adds nothing.
  const { images } = await normalisedArchive(second);
  const original = Object.keys(images).find((k) => k.endsWith(".jpg"))!;
  const res = await bucket.request({ url: `/uploads/${original}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/jpeg");
  const again = await importArchive({
    db: bucket.ctx.db,
    storage: bucket.ctx.storage,
    file: first,
    stagingDir: path.join(work, ".staging"),
  });
  expect(again.images.added).toBe(0);
  expect(Object.values(again.tables).every((x) => x.added === 0)).toBe(true);
}, 120_000);
