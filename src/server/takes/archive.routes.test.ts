import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady, pairsList } from "../../common/api/takes";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { DATA_ENTRY } from "../archive/format";
import { importArchive } from "../archive/import";
import { blogPosts, postPairs } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { normalisedArchive, rewriteArchive } from "../test/sample-blog";
import { buildTestApp, type TestApp } from "../test/test-app";

// An author's archive carries the pairs their takes belong to (a pair row holds no take's text,
// only the shared topic and prompt), never the partner's take or the partner's ready time, and
// an import keeps an unrevealed pair sealed (docs/decisions/0046-two-takes.md).

let src: TestApp;
let roles: Roles;
let work: string;
let herArchive: Buffer;
let herTake: BlogPost;
let pairId: string;

function multipart(data: Buffer) {
  const boundary = `----duet${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="a.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const take = (t: TestApp, who: Roles["him"], author: "him" | "her", title: string) =>
  requestAs(t, "POST", "/api/posts", who, { author, pairId, title, content: `<p>${title}.</p>` });

beforeAll(async () => {
  src = await buildTestApp();
  roles = await signInRoles(src);
  work = mkdtempSync(path.join(tmpdir(), "duet-takes-archive-"));
  // His proposal, answered by her: the pair's author field names him, her take belongs to it.
  const pair = (
    await requestAs(src, "POST", urlOf(pairPropose), roles.him, { topic: "Our trip", prompt: "The meal" })
  ).json<PostPair>();
  pairId = pair.id;
  await requestAs(src, "POST", urlOf(pairAccept, { id: pairId }), roles.her);
  const hers = await take(src, roles.her, "her", "Her sealed words");
  expect(hers.statusCode, hers.body).toBe(201);
  herTake = hers.json<BlogPost>();
  expect((await take(src, roles.him, "him", "His sealed words")).statusCode).toBe(201);
  expect((await requestAs(src, "POST", urlOf(pairReady, { id: pairId }), roles.him)).statusCode).toBe(200);
  const res = await src.request({ url: "/api/admin/export", cookie: roles.her.cookie });
  expect(res.statusCode).toBe(200);
  herArchive = res.rawPayload;
});
afterAll(async () => {
  await src.close();
  rmSync(work, { recursive: true, force: true });
});

describe("two takes › an author's archive", () => {
  it("carries the pair her take belongs to, without his take or his ready time", async () => {
    const file = path.join(work, "her.tar.gz");
    writeFileSync(file, herArchive);
    const { tables } = await normalisedArchive(file);
    const pairs = (tables.post_pairs ?? []).map((l) => JSON.parse(l));
    expect(pairs.map((p) => p.id)).toEqual([pairId]);
    expect(pairs[0]).toMatchObject({ topic: "Our trip", state: "accepted", himReadyAt: null });
    expect(JSON.stringify(tables)).not.toContain("His sealed words");
  });

  it("imports in her studio: the take keeps its pair, still a sealed draft", async () => {
    const dst = await buildTestApp();
    try {
      const her = await dst.as("her");
      const res = await dst.request({
        method: "POST",
        url: "/api/admin/import",
        cookie: her.cookie,
        ...multipart(herArchive),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await dst.ctx.db.select().from(blogPosts);
      expect(row).toMatchObject({ id: herTake.id, pairId, status: "draft", author: "her" });
      const [pair] = await dst.ctx.db.select().from(postPairs);
      expect(pair).toMatchObject({ id: pairId, state: "accepted", himReadyAt: null });
      const him = await dst.as("him");
      const list = await requestAs(dst, "GET", urlOf(pairsList), him);
      expect(list.json<PostPair[]>()[0]!.takes).toEqual({ him: "not started", her: "writing" });
      expect((await dst.request({ url: `/api/posts/${herTake.id}`, cookie: him.cookie })).statusCode).toBe(
        404,
      );
    } finally {
      await dst.close();
    }
  });

  it("takes no proposal in the partner's name from an author's import (an archive grants nothing)", async () => {
    const from = path.join(work, "her-forged-from.tar.gz");
    const to = path.join(work, "her-forged.tar.gz");
    writeFileSync(from, herArchive);
    const forged = { id: randomUUID(), topic: "Forged", prompt: "", proposedBy: "him", state: "proposed" };
    await rewriteArchive(from, to, (name, data) =>
      DATA_ENTRY.exec(name)?.[1] === "post_pairs"
        ? Buffer.concat([
            data,
            Buffer.from(`${JSON.stringify({ ...forged, createdAt: new Date().toISOString() })}\n`),
          ])
        : data,
    );
    const dst = await buildTestApp();
    try {
      const her = await dst.as("her");
      const res = await dst.request({
        method: "POST",
        url: "/api/admin/import",
        cookie: her.cookie,
        ...multipart(readFileSync(to)),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await dst.ctx.db.select().from(postPairs)).map((p) => p.topic)).toEqual(["Our trip"]);
    } finally {
      await dst.close();
    }
  });

  it("imports by the operator's npm run import: no broken link to a pair", async () => {
    const dst = await buildTestApp();
    try {
      const file = path.join(work, "operator.tar.gz");
      writeFileSync(file, herArchive);
      await importArchive({
        db: dst.ctx.db,
        storage: dst.ctx.storage,
        file,
        stagingDir: path.join(work, `.s-${randomUUID()}`),
      });
      const rows = await dst.ctx.db
        .select({ pairId: blogPosts.pairId, status: blogPosts.status })
        .from(blogPosts);
      expect(rows).toEqual([{ pairId, status: "draft" }]);
    } finally {
      await dst.close();
    }
  });
});
