import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { S3_TEST_KEY, type S3TestServer, startS3TestServer } from "../test/s3-server";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import { createStorage, readAll, type Storage } from "./storage";

// One contract, two adapters: the local folder and a real S3-protocol server on loopback.
let s3: S3TestServer;
let dir: string;
const adapters: Record<string, () => Storage> = {};
beforeAll(async () => {
  s3 = await startS3TestServer();
  dir = mkdtempSync(path.join(tmpdir(), "duet-storage-"));
  adapters.local = () => createLocalStorage(path.join(dir, "uploads"));
  adapters.s3 = () => createStorage(loadConfig({ DATA_DIR: dir, ...s3.env }, null));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const collect = async (it: AsyncIterable<{ key: string }>) => {
  const keys: string[] = [];
  for await (const o of it) keys.push(o.key);
  return keys.sort();
};

describe.each(["local", "s3"])("%s storage", (name) => {
  let storage: Storage;
  const prefix = `blog-images/${name}`;
  beforeAll(() => {
    storage = adapters[name]!();
  });
  afterAll(() => storage.close());

  it("is the adapter the configuration names", () => {
    expect(storage.kind).toBe(name);
  });

  it("puts, stats, gets back the same bytes, lists and deletes", async () => {
    const key = `${prefix}-1_a.png`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.put(key, Buffer.from("first"))).toBe(true);
    const info = await storage.stat(key);
    expect(info).toMatchObject({ key, size: 5 });
    expect(info!.etag).toMatch(/^".+"$/);
    const object = await storage.get(key);
    expect((await readAll(object!.body)).toString()).toBe("first");
    expect(object!.info.etag).toBe(info!.etag);
    await storage.put(
      `${prefix}-1_a.png.480w.webp`,
      Readable.from([Buffer.from("va"), Buffer.from("riant")]),
    );
    expect(await collect(storage.list(`${prefix}-1_`))).toEqual([key, `${key}.480w.webp`]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await collect(storage.list(`${prefix}-1_`))).toEqual([`${key}.480w.webp`]);
  });

  it("an exclusive put never overwrites", async () => {
    const key = `${prefix}-2_b.jpg`;
    expect(await storage.put(key, Buffer.from("one"), { exclusive: true })).toBe(true);
    expect(await storage.put(key, Buffer.from("two"), { exclusive: true })).toBe(false);
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe("one");
    expect(await storage.put(key, Buffer.from("three"))).toBe(true);
    expect((await readAll((await storage.get(key))!.body)).toString()).toBe("three");
  });

  it("lists everything without a prefix", async () => {
    await storage.put(`${prefix}-3_c.gif`, Buffer.from("c"));
    expect(await collect(storage.list())).toContain(`${prefix}-3_c.gif`);
  });

  it("answers the readiness check", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("storage that does not answer", () => {
  it("a bucket that does not exist fails the readiness check", async () => {
    const storage = createS3Storage({
      bucket: "no-such-bucket",
      region: "us-east-1",
      endpoint: s3.endpoint,
      accessKeyId: S3_TEST_KEY,
      secretAccessKey: S3_TEST_KEY,
      forcePathStyle: true,
    });
    await expect(storage.check()).rejects.toThrow();
    storage.close();
  });

  it("the local adapter refuses keys that would leave its folder", async () => {
    const storage = createLocalStorage(path.join(dir, "uploads"));
    await expect(storage.put("../escape.png", Buffer.from("x"))).rejects.toThrow(/Not a storage key/);
    await expect(storage.get("blog-images/../../x.png")).rejects.toThrow(/Not a storage key/);
  });
});

describe("S3 configuration", () => {
  it("S3_BUCKET selects the bucket; the rest has defaults", () => {
    const config = loadConfig({ S3_BUCKET: "my-bucket" }, null);
    expect(config.s3).toEqual({
      bucket: "my-bucket",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({}, null).s3).toBeNull();
    expect(loadConfig({ UPLOADS_PUBLIC_URL: "https://cdn.example.com/img/" }, null).uploadsPublicUrl).toBe(
      "https://cdn.example.com/img",
    );
  });

  it.each([
    [{ S3_BUCKET: "Not_A_Bucket" }, /^Invalid environment variable S3_BUCKET: must be a bucket name/],
    [{ S3_BUCKET: "b1b", S3_ENDPOINT: "minio:9000" }, /^Invalid environment variable S3_ENDPOINT: /],
    [{ S3_BUCKET: "b1b", S3_REGION: "Europe West" }, /^Invalid environment variable S3_REGION: /],
    [
      { S3_BUCKET: "b1b", S3_FORCE_PATH_STYLE: "maybe" },
      /^Invalid environment variable S3_FORCE_PATH_STYLE: /,
    ],
    [
      { S3_ENDPOINT: "http://minio:9000" },
      /^Invalid environment variable S3_BUCKET: required when S3_ENDPOINT/,
    ],
    [{ S3_BUCKET: "b1b", S3_ACCESS_KEY_ID: "id" }, /^Invalid environment variable S3_SECRET_ACCESS_KEY: /],
    [{ S3_BUCKET: "b1b", S3_SECRET_ACCESS_KEY: "s" }, /^Invalid environment variable S3_ACCESS_KEY_ID: /],
    [{ UPLOADS_PUBLIC_URL: "cdn.example.com" }, /^Invalid environment variable UPLOADS_PUBLIC_URL: /],
  ])("refuses %j with one line naming the variable", (env, message) => {
    let error: unknown;
    try {
      loadConfig(env, null);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("never echoes the keys", () => {
    expect(() => loadConfig({ S3_BUCKET: "b1b", S3_ACCESS_KEY_ID: "AKIAEXAMPLE\nX" }, null)).toThrow(
      /^(?![\s\S]*AKIAEXAMPLE)/,
    );
  });
});
