// An archive grants no sign-in, role or link; each author's export holds
// only their own blog (docs/decisions/0025-archive-trust.md).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  account,
  authorProfiles,
  blogPosts,
  commentBlocks,
  comments,
  followers,
  notificationSettings,
  user,
} from "../db/schema";
import { createPost } from "../test/factories";
import { exportTo, normalisedArchive, rewriteArchive, writeSampleBlog } from "../test/sample-blog";
import { buildTestApp, TEST_PASSWORD, type TestApp, type TestUser } from "../test/test-app";
import { DATA_ENTRY } from "./format";
import { importArchive } from "./import";

let src: TestApp;
let dst: TestApp;
let work: string;
/** The operator's export of `src` with password hashes: every row of both blogs. */
let full: string;
let him: TestUser;
let rita: TestUser;
/** The reader of the source blog (commented and liked there). */
let reader: TestUser;
const FUTURE = new Date(Date.now() + 7 * 86_400_000);

type Row = Record<string, unknown>;
/** A copy of `full` with rows of `table` changed (null drops a row, a list adds rows). */
async function edited(edits: Record<string, (row: Row) => Row | Row[] | null>, extra: Row[] = []) {
  const file = path.join(work, `${randomUUID()}.tar.gz`);
  await rewriteArchive(full, file, (name, data) => {
    const table = DATA_ENTRY.exec(name)?.[1];
    if (!table) return data;
    const rows = data
      .toString()
      .split("\n")
      .filter(Boolean)
      .flatMap((l) => edits[table]?.(JSON.parse(l)) ?? (edits[table] ? [] : [JSON.parse(l)]));
    if (table === "comments") rows.push(...extra);
    return Buffer.from(rows.map((r) => `${JSON.stringify(r)}\n`).join(""));
  });
  return readFileSync(file);
}

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
const importAs = (cookie: string, data: Buffer) =>
  dst.request({ method: "POST", url: "/api/admin/import", cookie, ...multipart(data) });
const signIn = (email: string, password: string) =>
  dst.request({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
const rowsOf = async (
  table: typeof followers | typeof authorProfiles | typeof commentBlocks | typeof notificationSettings,
) => (await dst.ctx.db.select().from(table)) as Row[];

beforeAll(async () => {
  [src, dst] = await Promise.all([buildTestApp(), buildTestApp()]);
  work = mkdtempSync(path.join(tmpdir(), "duet-archive-trust-"));
  const sample = await writeSampleBlog(src);
  reader = sample.reader;
  await createPost(src.ctx, { author: "her", title: "Her scheduled", date: FUTURE });
  await src.ctx.db.update(blogPosts).set({ status: "scheduled" }).where(eq(blogPosts.title, "Her scheduled"));
  const confirmed = { confirmedAt: new Date(), token: "" };
  await src.ctx.db.insert(followers).values([
    { ...confirmed, email: "his-fan@example.com", author: "him", token: "his-fan-secret-token" },
    { ...confirmed, email: "her-fan@example.com", author: "her", token: "her-fan-secret-token" },
  ]);
  await src.ctx.db
    .insert(notificationSettings)
    .values({ userId: sample.reader.id, token: "reader-stop-emails-secret" })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { token: "reader-stop-emails-secret" } });
  await src.ctx.db.insert(authorProfiles).values([
    { author: "him", name: "Him", bio: "His bio" },
    { author: "her", name: "Her", bio: "Her bio" },
  ]);
  await src.ctx.db.insert(commentBlocks).values({ author: "her", userId: sample.reader.id });
  full = path.join(work, "full.tar.gz");
  await exportTo(src.ctx, src.ctx.db, src.config.dataDir, full, true);
  him = await dst.as("him");
  rita = await dst.signUp({ email: "rita@example.com", name: "Rita" });
});
afterAll(async () => {
  await Promise.all([src.close(), dst.close()]);
  rmSync(work, { recursive: true, force: true });
});
// The button needs a blog without posts: each test starts from one.
beforeEach(async () => {
  await dst.ctx.db.delete(blogPosts);
});

describe("the studio's Export button takes only the exporting author's blog", () => {
  it("his export holds none of her drafts, scheduled posts, revisions, followers, profile or tokens", async () => {
    const res = await src.request({ url: "/api/admin/export", cookie: (await src.as("him")).cookie });
    expect(res.statusCode).toBe(200);
    const file = path.join(work, "his.tar.gz");
    writeFileSync(file, res.rawPayload);
    const { tables, images } = await normalisedArchive(file);
    const rows = (t: string) => (tables[t] ?? []).map((l) => JSON.parse(l) as Row);
    expect(rows("blog_posts").map((p) => p.title)).toEqual(["A pair of photos"]);
    const hisPost = rows("blog_posts")[0]!.id;
    expect(rows("post_revisions").every((r) => r.postId === hisPost)).toBe(true);
    expect(rows("comments").every((c) => c.postId === hisPost)).toBe(true);
    expect(rows("followers").map((f) => f.email)).toEqual(["his-fan@example.com"]);
    expect(rows("author_profiles").map((p) => p.author)).toEqual(["him"]);
    expect(tables.comment_blocks).toBeUndefined();
    expect(tables.contact_messages).toBeUndefined();
    expect(tables.notification_settings).toBeUndefined();
    expect(tables.account).toBeUndefined();
    // Accounts: only those his blog's rows name (him, the reader who commented, her like).
    expect(rows("user")).toHaveLength(3);
    expect(JSON.stringify(tables)).not.toMatch(/secret|token/);
    expect(Object.keys(images).filter((k) => !k.endsWith("w.webp"))).toHaveLength(2);
  });

  it("the operator's export has both blogs but no link tokens either", async () => {
    const { tables } = await normalisedArchive(full);
    expect(tables.blog_posts).toHaveLength(4);
    expect(tables.followers).toHaveLength(2);
    expect(JSON.stringify(tables)).not.toMatch(/secret|token/);
  });
});

describe("the studio's Import button grants nothing", () => {
  it("happy path: his own archive imports his posts, comments and likes; readers arrive without passwords", async () => {
    const mine = (await src.request({ url: "/api/admin/export", cookie: (await src.as("him")).cookie }))
      .rawPayload;
    const res = await importAs(him.cookie, mine);
    expect(res.statusCode).toBe(200);
    expect(res.json().tables.blog_posts).toEqual({ rows: 1, added: 1 });
    const [post] = await dst.ctx.db.select().from(blogPosts);
    expect(post).toMatchObject({ title: "A pair of photos", likes: 2 });
    const written = await dst.ctx.db.select().from(comments).where(eq(comments.postId, post!.id));
    expect(written).toHaveLength(1);
    const [reader] = await dst.ctx.db.select().from(user).where(eq(user.id, written[0]!.userId));
    expect(reader!.emailVerified).toBe(false);
    expect((await signIn(reader!.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await rowsOf(followers)).toMatchObject([{ email: "his-fan@example.com", confirmedAt: null }]);
  });

  it("never creates her account (verified, with a password he chose) from his import", async () => {
    const her = src.config.authorEmails.her;
    const res = await importAs(him.cookie, await edited({}));
    expect(res.statusCode).toBe(200);
    expect((await signIn(her, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await dst.ctx.db.select().from(user).where(eq(user.email, her))).toEqual([]);
    expect((await dst.ctx.db.select({ n: count() }).from(account))[0]!.n).toBe(2);
  });

  it("takes neither her posts nor her profile, blocks, followers or settings", async () => {
    const res = await importAs(him.cookie, await edited({}));
    expect(res.statusCode).toBe(200);
    const titles = (await dst.ctx.db.select().from(blogPosts)).map((p) => p.title);
    expect(titles).toEqual(["A pair of photos"]);
    expect((await rowsOf(authorProfiles)).map((p) => p.author)).toEqual(["him"]);
    expect(await rowsOf(commentBlocks)).toEqual([]);
    expect((await rowsOf(followers)).map((f) => f.email)).toEqual(["his-fan@example.com"]);
  });

  it("places only the images his rows show", async () => {
    const plain = (r: Row) => ({ ...r, content: "<p>No photos</p>", images: [], imageUrl: null });
    const res = await importAs(him.cookie, await edited({ blog_posts: plain, post_revisions: plain }));
    expect(res.statusCode).toBe(200);
    expect(res.json().images).toEqual({ count: 2, added: 0 });
  });

  it("refuses comments put on a local reader's id, storing nothing", async () => {
    const post = (await normalisedArchive(full)).tables
      .blog_posts!.map((l) => JSON.parse(l))
      .find((p) => p.author === "him");
    const forged = {
      id: randomUUID(),
      postId: post.id,
      userId: rita.id,
      author: "Mallory",
      content: "Rita never wrote this",
    };
    const res = await importAs(him.cookie, await edited({}, [forged]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "The archive is not valid: some rows refer to an account that is not in the archive. Nothing was imported.",
    );
    expect((await dst.ctx.db.select({ n: count() }).from(blogPosts))[0]!.n).toBe(0);
  });

  it("an archive account with a local reader's email never becomes that reader, nor changes her", async () => {
    const data = await edited({
      user: (u) => (u.id === reader.id ? { ...u, email: rita.email, name: "Evil" } : u),
    });
    expect((await importAs(him.cookie, data)).statusCode).toBe(200);
    const [after] = await dst.ctx.db.select().from(user).where(eq(user.id, rita.id));
    expect(after).toMatchObject({ name: "Rita", emailVerified: false });
    expect(await dst.ctx.db.select().from(comments).where(eq(comments.userId, rita.id))).toEqual([]);
    expect((await dst.ctx.db.select().from(account).where(eq(account.userId, rita.id))).length).toBe(1);
  });
});

describe("the operator's npm run import", () => {
  const run = (file: string, extra: { withSecrets?: boolean; keepFollowersConfirmed?: boolean } = {}) =>
    importArchive({
      db: dst.ctx.db,
      storage: dst.ctx.storage,
      file,
      stagingDir: path.join(work, `.s-${randomUUID()}`),
      ...extra,
    });
  const save = async (data: Buffer) => {
    const file = path.join(work, `${randomUUID()}.tar.gz`);
    writeFileSync(file, data);
    return file;
  };

  it("without --with-secrets: accounts arrive unverified and without passwords; followers pending with new tokens", async () => {
    const her = src.config.authorEmails.her;
    await run(full);
    const [row] = await dst.ctx.db.select().from(user).where(eq(user.email, her));
    expect(row!.emailVerified).toBe(false);
    expect((await signIn(her, TEST_PASSWORD)).statusCode).toBe(401);
    const rows = await rowsOf(followers);
    expect(rows.every((f) => f.confirmedAt === null)).toBe(true);
    expect(rows.some((f) => String(f.token).includes("secret"))).toBe(false);
    await dst.ctx.db.delete(user).where(eq(user.email, her));
    await dst.ctx.db.delete(followers);
  });

  it("an archive account with a local account's id and email adds no credential to it, even --with-secrets", async () => {
    const data = await edited({
      user: (u) => (u.id === reader.id ? { ...u, id: rita.id, email: rita.email } : u),
      account: (a) => (a.userId === reader.id ? { ...a, userId: rita.id, id: randomUUID() } : a),
      comments: (c) => (c.userId === reader.id ? { ...c, userId: rita.id } : c),
      post_likes: (l) => (l.userId === reader.id ? { ...l, userId: rita.id } : l),
      notification_settings: () => null,
      comment_blocks: () => null,
    });
    await run(await save(data), { withSecrets: true, keepFollowersConfirmed: true });
    expect((await dst.ctx.db.select().from(account).where(eq(account.userId, rita.id))).length).toBe(1);
    expect((await signIn(rita.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The operator's choices hold for new accounts: her password, confirmed followers.
    expect((await signIn(src.config.authorEmails.her, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await rowsOf(followers)).every((f) => f.confirmedAt !== null)).toBe(true);
  });

  it("a reader's proven notification mailbox does not travel: proven again here, no pending link", async () => {
    const data = await edited({
      notification_settings: (n) => ({
        ...n,
        verifiedEmail: "victim@example.com",
        verifyTokenHash: "forged-hash",
        verifyEmail: "victim@example.com",
        verifySentAt: new Date().toISOString(),
      }),
    });
    await run(await save(data));
    const rows = await rowsOf(notificationSettings);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect([row.verifiedEmail, row.verifyTokenHash, row.verifyEmail, row.verifySentAt]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    await dst.ctx.db.delete(notificationSettings);
  });
});
