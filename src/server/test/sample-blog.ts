// Test helpers for the archive tests: a blog written through the API, and an archive read back
// into comparable data.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { writeArchive } from "../archive/export";
import { DATA_ENTRY, UPLOAD_ENTRY } from "../archive/format";
import { archivePack } from "../archive/importers/archive-writer";
import { readArchive } from "../archive/read-archive";
import { htmlSignature } from "../archive/row-rules";
import type { ArchiveStorage } from "../archive/storage";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { createLocalStorage } from "../storage/local-storage";
import type { TestApp } from "./test-app";

export const jpeg = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

export async function uploadImages(t: TestApp, cookie: string, files: { name: string; data: Buffer }[]) {
  const boundary = `----duet${randomUUID()}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    f.data,
    Buffer.from("\r\n"),
  ]);
  const res = await t.request({
    method: "POST",
    url: "/api/uploads",
    cookie,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { files: { id: string; url: string }[] }).files;
}

/** Two authors' posts (one with an image pair), a reader's comments and likes, a contact message. */
export async function writeSampleBlog(t: TestApp) {
  const him = await t.as("him");
  const her = await t.as("her");
  const reader = await t.as("user");
  const [a, b] = await uploadImages(t, him.cookie, [
    { name: "left.jpg", data: await jpeg(1200, 800) },
    { name: "right.jpg", data: await jpeg(600, 900, 40) },
  ]);
  const paired = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: {
      title: "A pair of photos",
      author: "him",
      content: `<p>Before</p><div class="image-pair" data-pair="${a!.id} ${b!.id}"><img class="post-image" src="${a!.url}" alt="" data-image-id="${a!.id}"><img class="post-image" src="${b!.url}" alt="" data-image-id="${b!.id}"></div><p>After <strong>bold</strong></p>`,
      hashtags: ["travel", "summer-trip"],
      images: [
        { id: a!.id, url: a!.url, position: "center", size: "medium", pairedWith: b!.id },
        { id: b!.id, url: b!.url, position: "center", size: "medium", pairedWith: a!.id },
      ],
    },
  });
  if (paired.statusCode !== 201) throw new Error(`post failed: ${paired.body}`);
  const herPost = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: her.cookie,
    payload: { title: "Her words", author: "her", content: "<p>Only text</p>", excerpt: "Short" },
  });
  // A draft, edited once (two revisions), seen by nobody but her.
  const draft = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: her.cookie,
    payload: { title: "Not yet", author: "her", content: "<p>Work in progress</p>", status: "draft" },
  });
  if (draft.statusCode !== 201) throw new Error(`draft failed: ${draft.body}`);
  await t.request({
    method: "PATCH",
    url: `/api/posts/${draft.json().id}`,
    cookie: her.cookie,
    payload: { content: "<p>Work in progress, <em>second go</em></p>" },
  });
  const postIds = [paired.json().id as string, herPost.json().id as string];
  const commentIds: string[] = [];
  for (const id of postIds) {
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${id}/comments`,
      cookie: reader.cookie,
      payload: { content: `Nice ${id.slice(0, 4)}` },
    });
    commentIds.push(res.json().id);
    await t.request({ method: "POST", url: `/api/posts/${id}/like`, cookie: reader.cookie });
  }
  // A reply, and a reply to the reply (one level deep, naming whom it answers).
  const reply = await t.request({
    method: "POST",
    url: `/api/posts/${postIds[1]}/comments`,
    cookie: her.cookie,
    payload: { content: "Thank you!", replyTo: commentIds[1] },
  });
  const again = await t.request({
    method: "POST",
    url: `/api/posts/${postIds[1]}/comments`,
    cookie: reader.cookie,
    payload: { content: "You're welcome", replyTo: reply.json().id },
  });
  if (again.statusCode !== 201) throw new Error(`reply failed: ${again.body}`);
  await t.request({ method: "POST", url: `/api/posts/${postIds[0]}/like`, cookie: her.cookie });
  await t.request({
    method: "POST",
    url: "/api/contact",
    payload: { name: "Ann", email: "ann@example.com", subject: "Hello", message: "A message" },
  });
  return { postIds, him, her, reader };
}

export const uploadsOf = (dataDir: string) => createLocalStorage(path.join(dataDir, "uploads"));

/** Export the blog of `db` with the uploads of `dataDir` (the test app's config names the site). */
export async function exportTo(
  ctx: AppContext,
  db: Db,
  uploads: string | ArchiveStorage,
  file: string,
  withSecrets = false,
) {
  return writeArchive({
    db,
    storage: typeof uploads === "string" ? uploadsOf(uploads) : uploads,
    site: { name: ctx.config.siteName, publicUrl: ctx.config.publicUrl },
    authors: ctx.config.authorEmails,
    withSecrets,
    output: createWriteStream(file),
  });
}

/**
 * An archive as comparable data: every table's rows (sorted)
 * and every image by name with its dimensions (images are re-encoded on import, so bytes differ).
 */
export async function normalisedArchive(file: string) {
  const tables: Record<string, string[]> = {};
  const images: Record<string, string> = {};
  await readArchive(file, async ({ name, data }) => {
    const table = DATA_ENTRY.exec(name)?.[1];
    if (table) {
      const rows = data.toString("utf8").split("\n").filter(Boolean);
      const normal = rows.map((l) => {
        const row = JSON.parse(l);
        if (typeof row.content === "string") row.content = htmlSignature(row.content);
        return JSON.stringify(row);
      });
      tables[table] = [...(tables[table] ?? []), ...normal].sort();
      return;
    }
    const key = UPLOAD_ENTRY.exec(name)?.[1];
    if (key) {
      const meta = await sharp(data).metadata();
      images[key] = `${meta.format} ${meta.width}x${meta.height}`;
    }
  });
  return { tables, images };
}

/** An archive's data with every account unverified, as an import without --with-secrets leaves them. */
export async function unverifiedArchive(file: string) {
  const archive = await normalisedArchive(file);
  archive.tables.user = (archive.tables.user ?? [])
    .map((l) => JSON.stringify({ ...JSON.parse(l), emailVerified: false }))
    .sort();
  return archive;
}

/** Copy an archive, changing entries on the way, with a manifest whose checksums match again. */
export async function rewriteArchive(from: string, to: string, edit: (name: string, data: Buffer) => Buffer) {
  const { add, entries, finish } = archivePack(to);
  const rows: Record<string, number> = {};
  const manifest = await readArchive(from, async ({ name, data }) => {
    const out = edit(name, data);
    const table = DATA_ENTRY.exec(name)?.[1];
    if (table) rows[table] = (rows[table] ?? 0) + out.toString().split("\n").filter(Boolean).length;
    add(name, out);
  });
  await finish({ ...manifest, counts: { ...manifest.counts, rows }, entries });
}
