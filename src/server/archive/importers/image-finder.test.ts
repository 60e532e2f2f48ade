import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFile } from "../../test/import-samples";
import { ghostImages } from "./ghost";
import { ImageFinder } from "./image-finder";
import { wordpressImages } from "./wordpress";

// Where an export's image URL is in the --images folder, and never outside it.

let root: string;
let dir: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "duet-finder-"));
  dir = path.join(root, "images");
  await writeFile(root, "secret.jpg", "outside the folder");
  await writeFile(dir, "2024/05/photo.jpg", "a");
  await writeFile(dir, "2024/05/photo-1024x768.jpg", "a resized copy");
  await writeFile(dir, "elsewhere/2023/photo.jpg", "another photo.jpg");
  await writeFile(dir, "misc/only-here.png", "b");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rel = (file: string | null) => (file ? path.relative(dir, file) : null);

describe("ImageFinder", () => {
  it("finds WordPress uploads by layout, the original before a resized copy, on any host", async () => {
    const wp = wordpressImages(dir);
    expect(rel(await wp.find("https://old.example/wp-content/uploads/2024/05/photo-1024x768.jpg"))).toBe(
      path.join("2024", "05", "photo.jpg"),
    );
    expect(rel(await wp.find("https://blog.files.wordpress.com/2024/05/photo.jpg?w=604"))).toBe(
      path.join("2024", "05", "photo.jpg"),
    );
  });

  it("finds Ghost's size/w… copies by path, and a name alone anywhere (closest folders first)", async () => {
    const ghost = ghostImages(dir);
    expect(
      rel(await ghost.find("__GHOST_URL__/content/images/size/w600/format/webp/2024/05/photo.jpg")),
    ).toBe(path.join("2024", "05", "photo.jpg"));
    expect(rel(await ghost.find("https://static.ghost.org/v4.0.0/images/only-here.png"))).toBe(
      path.join("misc", "only-here.png"),
    );
    expect(rel(await new ImageFinder(dir).find("https://cdn.example/x/2023/photo.jpg"))).toBe(
      path.join("elsewhere", "2023", "photo.jpg"),
    );
    expect(await ghost.find("https://static.ghost.org/v4.0.0/images/missing.png")).toBeNull();
  });

  it("never reads outside the folder, however the URL is spelt", async () => {
    const wp = wordpressImages(dir);
    for (const url of [
      "https://x.example/wp-content/uploads/%2e%2e/secret.jpg",
      "https://x.example/wp-content/uploads/..%2fsecret.jpg",
      "/../secret.jpg",
      "../../secret.jpg",
      "https://x.example/%2e%2e%2f%2e%2e%2fsecret.jpg",
    ])
      expect(await wp.find(url), url).toBeNull();
    expect(await wp.find("")).toBeNull();
    expect(await wp.find("https://x.example/100%.jpg")).toBeNull();
  });
});
