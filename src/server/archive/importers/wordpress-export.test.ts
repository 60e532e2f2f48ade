import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, comments } from "../../db/schema";
import { photo, writeFile } from "../../test/import-samples";
import { externalFixture, moveIn } from "../../test/move-in";
import { buildTestApp, type TestApp, type TestUser } from "../../test/test-app";

// Importing a real export, taken whole: the WordPress Theme Unit Test data (fixtures/README.md).
// 58 posts by 2 authors (one post's creator misspelt '>themereviewteam'), a password-protected
// post, a title full of entities, 23 approved comments, images on files.wordpress.com.

const WXR = externalFixture("themeunittestdata.wordpress.xml") ?? "";
const SPECIAL = "Markup: Title With Special Characters ~`!@#$%^&*()-_=+{}[]/\\;:'\"?,.>";
const PROTECTED = 'Template: Password Protected (the password is "enter")';
// Named the three ways --author accepts: login, display name; the misspelt creator by default.
const AUTHORS = ["themedemos=him", "Theme Reviewer=her"];

let t: TestApp;
let work: string;
let uploads: string;
let reader: TestUser;
/** The import of the whole file (the tests after the first read what it did). */
let imported: Awaited<ReturnType<typeof moveIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  reader = await t.as("user");
  work = mkdtempSync(path.join(tmpdir(), "duet-wxr-"));
  // An uploads folder as WordPress lays it out; the export's URLs are on another host.
  uploads = path.join(work, "wp-content", "uploads");
  await writeFile(uploads, "2013/03/featured-image-horizontal.jpg", await photo(1200, 600));
  await writeFile(uploads, "2008/06/canola2.jpg", await photo(640, 480));
  await writeFile(uploads, "2013/03/image-alignment-580x300.jpg", await photo(580, 300));
  // Found by its file name alone, in whatever folder.
  await writeFile(uploads, "old-theme/triforce-wallpaper.jpg", await photo(800, 600));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const postNamed = async (title: string) =>
  (await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, title)))[0]!;
const get = (url: string, user?: TestUser) => t.request({ url, cookie: user?.cookie });

describe.skipIf(!WXR)("the WordPress Theme Unit Test export, unedited", () => {
  it("is refused without --default-author, naming every author still to map (the misspelt one quoted for the shell)", async () => {
    await expect(moveIn(t, work, "wordpress", WXR, uploads)).rejects.toThrow(
      "Each author of the export must be mapped to 'him' or 'her': add --author themereviewteam@gmail.com=him|her --author themeshaperwp+demos@gmail.com=him|her --author '>themereviewteam'=him|her, or --default-author him|her for every author not named.",
    );
    expect((await t.ctx.db.select({ n: count() }).from(blogPosts))[0]!.n).toBe(0);
  });

  it("imports whole: authors by login or display name, the unknown creator to the default with a warning", async () => {
    imported = await moveIn(t, work, "wordpress", WXR, uploads, { authors: AUTHORS, defaultAuthor: "her" });
    const { report, warnings, summary } = imported;
    expect(report.tables.blog_posts).toEqual({ rows: 58, added: 58 });
    expect(report.tables.comments).toEqual({ rows: 23, added: 23 });
    expect(warnings).toContain(
      "1 post by '>themereviewteam' (not named by --author) went to 'her' (--default-author): 'Block category: Common'.",
    );
    expect((await postNamed("Block category: Common")).author).toBe("her");
    expect((await postNamed("Post Format: Standard")).author).toBe("him");
    expect((await postNamed("WP 6.1 Font size scale")).author).toBe("her");
    const byStatus = await t.ctx.db
      .select({ status: blogPosts.status, n: count() })
      .from(blogPosts)
      .groupBy(blogPosts.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      published: 55,
      draft: 2,
      scheduled: 1,
    });
    const tags = new Set(
      (await t.ctx.db.select({ h: blogPosts.hashtags }).from(blogPosts)).flatMap((r) => r.h),
    );
    expect(tags.size).toBe(TAG_COUNT);
    expect(summary).toContain(
      `  1 post was not public at the source and arrives as a draft (never public here): '${PROTECTED}' (password-protected)`,
    );
  });

  it("keeps the password-protected post private: a draft, 404 to visitors and readers, never found by search", async () => {
    const post = await postNamed(PROTECTED);
    expect(post.status).toBe("draft");
    for (const user of [undefined, reader]) {
      expect((await get(`/api/posts/${post.id}`, user)).statusCode).toBe(404);
      expect((await get(`/post/${post.slug}`, user)).statusCode).toBe(404);
      expect((await get(`/api/posts/${post.id}/comments`, user)).statusCode).toBe(404);
      const found = await get(`/api/search?q=${encodeURIComponent("Password Protected")}`, user);
      expect(found.statusCode).toBe(200);
      expect(found.json().items.map((h: { post: { id: string } }) => h.post.id)).not.toContain(post.id);
    }
    // Its comment came along, out of sight with the post.
    expect((await t.ctx.db.select().from(comments).where(eq(comments.postId, post.id))).length).toBe(1);
  });

  it("decodes entities once: the title on the API and the page, a comment's encoded <blockquote> as text", async () => {
    const post = await postNamed(SPECIAL);
    expect((await get(`/api/posts/${post.id}`)).json().title).toBe(SPECIAL);
    const page = await get(`/post/${post.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/&amp;#0?39;|&#039;/);
    // A title WordPress keeps with markup becomes its text.
    expect((await postNamed("Markup: Title With Markup")).status).toBe("published");
    // Its neighbours' previous/next links carry the same title.
    const { previous } = (await get(`/api/posts/${post.id}/reading`)).json();
    const neighbour = (await get(`/api/posts/${previous.id}/reading`)).json();
    expect(neighbour.next).toMatchObject({ id: post.id, title: SPECIAL });
    expect((await get(`/post/${previous.slug}`)).body).not.toMatch(/&amp;#0?39;|&#039;/);
    const [withMarkup] = await t.ctx.db
      .select()
      .from(comments)
      .where(like(comments.content, "%Multi line blockquote%"));
    expect(withMarkup!.content).toContain("The HTML <blockquote> Element (or HTML Block Quotation Element)");
    expect(withMarkup!.content).not.toMatch(/&lt;|<strong>|<h1>/);
    const [imageComment] = await t.ctx.db
      .select()
      .from(comments)
      .where(like(comments.content, "Image comment.%"));
    expect(imageComment!.content).toBe("Image comment.\n\nIf the image imports...");
  });

  it("finds images on another host by URL path (uploads layout) or file name, and reports per post those it has not", async () => {
    const { report, warnings, summary } = imported;
    expect(report.images).toEqual({ count: 4, added: 4 });
    const featured = await postNamed("Template: Featured Image (Horizontal)");
    expect(featured.imageUrl).toMatch(
      /^\/uploads\/blog-images\/\d+_[0-9a-f]{6}featuredimagehorizontal\.jpg$/,
    );
    const caption = await postNamed("Post Format: Image (Caption)");
    // The featured image, found by its file name; the missing captioned image leaves its caption
    // readable, without the empty link that held it.
    expect(caption.imageUrl).toMatch(/^\/uploads\/blog-images\/\d+_[0-9a-f]{6}triforcewallpaper\.jpg$/);
    expect(caption.content).toBe("<p> Bell on wharf in San Francisco</p>");
    expect(warnings).toContain(
      "'Post Format: Image (Caption)': 1 image is not in the images folder and left out: https://wpthemetestdata.files.wordpress.com/2008/06/100_5478.jpg?w=604",
    );
    expect(summary.at(-1)).toBe(
      "  62 images were not in the images folder: left out of 12 posts (listed above)",
    );
    // No post points at another host, and no caption shortcode shows as text.
    const all = await t.ctx.db.select({ content: blogPosts.content }).from(blogPosts);
    for (const { content } of all) {
      expect(content).not.toMatch(/<img\b[^>]*src="(?!\/uploads\/)/);
      expect(content).not.toContain("[caption");
    }
  });
});

// 64 tag names, of which 'tags' and 'Tags' are one hashtag under SPEC §5's create rule.
const TAG_COUNT = 63;
