import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, blogPosts, comments, postLikes, user } from "../../db/schema";
import { ghostExport, originalExport, photo, wordpressExport, writeFile } from "../../test/import-samples";
import { moveIn as moveInto } from "../../test/move-in";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { parseAuthorMap, parseDefaultAuthor } from "./author-map";
import type { Source } from "./index";

let t: TestApp;
let work: string;

beforeAll(async () => {
  t = await buildTestApp();
  work = mkdtempSync(path.join(tmpdir(), "duet-importers-"));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Convert a sample export and import it into the test blog, as `npm run import -- --from` does. */
const moveIn = (source: Source, exportFile: string, imagesDir: string, authors: string[] = []) =>
  moveInto(t, work, source, exportFile, imagesDir, { authors });

const postNamed = async (title: string) =>
  (await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, title)))[0]!;
const commentsOf = (postId: string) => t.ctx.db.select().from(comments).where(eq(comments.postId, postId));

describe("from the original app (JSON export of blogPosts, comments, postLikes)", () => {
  let file: string;
  let images: string;
  beforeAll(async () => {
    images = path.join(work, "original-images");
    await writeFile(images, "1700000000000_beach.jpg", await photo(1200, 800));
    await writeFile(images, "1700000000001_dunes.png", await photo(500, 700, "png"));
    file = await writeFile(work, "original.json", JSON.stringify(originalExport()));
  });

  it("keeps authors, dates, pairs, hashtags and images; attaches comments and likes; strips scripts", async () => {
    const { report, warnings } = await moveIn("original", file, images);
    expect(report.tables.blog_posts).toEqual({ rows: 2, added: 2 });
    expect(warnings).toEqual(["Comment c2 is on a post that is not in the export: left out."]);
    const post = await postNamed("Our beach day");
    expect(post.author).toBe("her");
    expect(post.date.toISOString()).toBe("2023-11-14T22:13:20.500Z");
    expect(post.lastUpdated?.toISOString()).toBe("2023-11-15T10:00:00.000Z");
    expect(post.hashtags).toEqual(["travel", "beach"]);
    expect(post.images.map((i) => [i.id, i.pairedWith])).toEqual([
      ["i1", "i2"],
      ["i2", "i1"],
    ]);
    expect(post.imageUrl).toBe(post.images[0]!.url);
    expect(post.content).not.toContain("<script");
    expect(post.content).toContain(`src="${post.images[0]!.url}"`);
    expect(post.content).toContain('alt="The beach"');
    // Every image is served from this blog, re-encoded.
    for (const image of post.images) expect((await t.request({ url: image.url })).statusCode).toBe(200);
    const [comment] = await commentsOf(post.id);
    expect(comment).toMatchObject({ content: "Lovely!", author: "ann" });
    // Likes are rows; the counter follows them (2 rows, whatever the export's counter said).
    expect(post.likes).toBe(2);
    expect(await t.ctx.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(2);
  });

  it("creates readers without passwords: 'Forgot password' gives them one", async () => {
    const [ann] = await t.ctx.db.select().from(user).where(eq(user.email, "ann@example.com"));
    expect(ann!.name).toBe("Ann");
    expect(await t.ctx.db.select().from(account).where(eq(account.userId, ann!.id))).toHaveLength(0);
    const asked = await t.request({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: "ann@example.com" },
    });
    expect(asked.statusCode).toBe(200);
    const link = t.mailer.linkFor("ann@example.com", "reset")!;
    const follow = await t.request({ url: link.replace(t.config.publicUrl, "") });
    const token = new URL(String(follow.headers.location)).searchParams.get("token");
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "sandy-shores-2023" },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: "ann@example.com", password: "sandy-shores-2023" },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("importing the same export again adds nothing", async () => {
    const { report } = await moveIn("original", file, images);
    expect(Object.values(report.tables).every((x) => x.added === 0)).toBe(true);
    expect(report.images.added).toBe(0);
  });

  it("refuses a malformed export with a clear message and imports nothing", async () => {
    const bad = await writeFile(
      work,
      "bad-original.json",
      JSON.stringify({
        blogPosts: [{ id: "x", title: "T", content: "c", author: "them", date: "2024-01-01" }],
      }),
    );
    await expect(moveIn("original", bad, images)).rejects.toThrow(
      "The export is not a valid export of the original app: post x has author \"them\" (only 'him' and 'her').",
    );
    const notJson = await writeFile(work, "not.json", "{ nope");
    await expect(moveIn("original", notJson, images)).rejects.toThrow(
      /not a valid export of the original app \(not JSON/,
    );
    expect(await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, "T"))).toHaveLength(0);
  });
});

describe("from WordPress (WXR export and wp-content/uploads)", () => {
  let file: string;
  let uploads: string;
  beforeAll(async () => {
    uploads = path.join(work, "wp-content", "uploads");
    await writeFile(uploads, "2024/05/tulips.jpg", await photo(1600, 1200));
    await writeFile(uploads, "2024/05/garden.jpg", await photo(800, 600));
    file = await writeFile(work, "wordpress.xml", wordpressExport());
  });

  it("refuses until every author is mapped to 'him' or 'her'", async () => {
    await expect(moveIn("wordpress", file, uploads, ["kim@wp.example=her"])).rejects.toThrow(
      "Each author of the export must be mapped to 'him' or 'her': add --author sam@wp.example=him|her, or --default-author him|her for every author not named.",
    );
    expect(() => parseAuthorMap(["kim@wp.example=them"])).toThrow(/--author NAME=him/);
    expect(() => parseAuthorMap(["=him"])).toThrow(/--author NAME=him/);
    expect(() => parseAuthorMap([`${"x".repeat(300)}=him`])).toThrow(/--author NAME=him/);
    expect(() => parseDefaultAuthor("them")).toThrow(
      "--default-author them: write it as --default-author him or --default-author her.",
    );
    // Any spelling the export uses, up to the last '=' (a display name may hold spaces or '=').
    expect([...parseAuthorMap([">themereviewteam=her", "Kim = K=him"])]).toEqual([
      [">themereviewteam", "her"],
      ["kim = k", "him"],
    ]);
  });

  it("carries posts (not pages), tags as hashtags, paragraphs, images, the featured image, drafts and threaded comments", async () => {
    const { report, summary } = await moveIn("wordpress", file, uploads, [
      "kim@wp.example=her",
      "sam@wp.example=him",
    ]);
    expect(report.tables.blog_posts).toEqual({ rows: 3, added: 3 });
    expect(summary).toEqual([
      "  1 post was not public at the source and arrives as a draft (never public here): 'Just for us' (private)",
    ]);
    const post = await postNamed("Spring in the garden");
    expect(post).toMatchObject({
      author: "her",
      status: "published",
      // WordPress keeps excerpts and term names as HTML: their entities are decoded once.
      excerpt: "Tulips & tea are back.",
      hashtags: ["garden", "spring flowers", "café"],
    });
    expect(post.date.toISOString()).toBe("2024-05-01T09:30:00.000Z");
    expect(post.content).toMatch(/^<p>First line of spring\.<\/p>/);
    expect(post.content).toContain("<em>with style</em>");
    expect(post.content).toContain('alt="Tulips &amp; more"');
    expect(post.imageUrl).toMatch(/garden\.jpg$/);
    expect(post.images).toHaveLength(2);
    const list = await commentsOf(post.id);
    expect(list.map((c) => c.content).sort()).toEqual(["So pretty!", "Thanks Lee!"]);
    const reply = list.find((c) => c.content === "Thanks Lee!")!;
    expect(reply.parentId).toBe(list.find((c) => c.content === "So pretty!")!.id);
    expect(reply.replyToAuthor).toBe("lee");
    expect((await postNamed("Half written")).status).toBe("draft");
    // A private WordPress post arrives as a draft.
    const secret = await postNamed("Just for us");
    expect(secret.status).toBe("draft");
    expect((await t.request({ url: `/api/posts/${secret.id}` })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, "About us"))).toHaveLength(0);
    // Drafts stay private: readers see only the published post.
    const tagged = await t.request({ url: "/api/posts?tag=garden" });
    expect(tagged.json().items.map((p: { title: string }) => p.title)).toEqual(["Spring in the garden"]);
  });

  it("refuses a malformed WXR file with a clear message", async () => {
    const bad = await writeFile(work, "bad.xml", wordpressExport().replace("</channel>", ""));
    await expect(moveIn("wordpress", bad, uploads, ["kim@wp.example=her"])).rejects.toThrow(
      /^The file is not a valid WordPress export \(WXR\): .+ \(line \d+\)\.$/,
    );
  });
});

describe("from Ghost (JSON export and content/images)", () => {
  let file: string;
  let images: string;
  beforeAll(async () => {
    images = path.join(work, "content", "images");
    await writeFile(images, "2024/06/boxes.png", await photo(900, 600, "png"));
    await writeFile(images, "2024/06/cover.jpg", await photo(1200, 630));
    file = await writeFile(work, "ghost.json", JSON.stringify(ghostExport()));
  });

  it("carries posts, public tags as hashtags, the feature image, images from the content folder and comments", async () => {
    const { report } = await moveIn("ghost", file, images, ["alex@ghost.example=him"]);
    expect(report.tables.blog_posts).toEqual({ rows: 1, added: 1 });
    const post = await postNamed("Hello from Ghost");
    expect(post).toMatchObject({
      author: "him",
      excerpt: "We moved.",
      hashtags: ["life stories"],
      status: "published",
    });
    expect(post.imageUrl).toMatch(/cover\.jpg$/);
    expect(post.content).toMatch(
      /<img class="post-image post-image--center post-image--large" src="\/uploads\/blog-images\/\d+_[0-9a-f]{6}boxes\.png"/,
    );
    const list = await commentsOf(post.id);
    expect(list.map((c) => [c.content, c.author])).toEqual([["Welcome!", "mo"]]);
    const again = await moveIn("ghost", file, images, ["alex@ghost.example=him"]);
    expect(again.report.tables.blog_posts!.added).toBe(0);
  });

  it("refuses a file that is not a Ghost export", async () => {
    const bad = await writeFile(work, "bad-ghost.json", JSON.stringify({ db: [{ meta: {}, data: {} }] }));
    await expect(moveIn("ghost", bad, images)).rejects.toThrow(
      "The file is not a valid Ghost export: it has no db[0].data.posts.",
    );
  });
});

it("posts imported from three systems keep their own ids (no collisions)", async () => {
  const rows = await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts);
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  expect(
    await t.ctx.db
      .select()
      .from(user)
      .where(inArray(user.email, ["lee@example.com", "mo@example.com"])),
  ).toHaveLength(2);
});
