import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, comments } from "../../db/schema";
import { photo, writeFile } from "../../test/import-samples";
import { externalFixture, FIXTURES, moveIn } from "../../test/move-in";
import { buildTestApp, type TestApp, type TestUser } from "../../test/test-app";

// Importing Ghost's own 4.1 export fixture, a Ghost 6-format export and the original app's
// JSON with image tags in its content (fixtures/README.md): members-only and paid posts stay
// private, comments are decoded once, images on other hosts are found in --images or reported.

let t: TestApp;
let work: string;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  reader = await t.as("user");
  work = mkdtempSync(path.join(tmpdir(), "duet-ghost-original-"));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const postNamed = async (title: string) =>
  (await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, title)))[0]!;
const commentsOf = (postId: string) =>
  t.ctx.db.select().from(comments).where(eq(comments.postId, postId)).orderBy(comments.timestamp);
const get = (url: string, user?: TestUser) => t.request({ url, cookie: user?.cookie });

/** Not readable by a visitor or a reader, and never found by search. */
async function expectPrivate(postId: string, word: string) {
  for (const user of [undefined, reader]) {
    expect((await get(`/api/posts/${postId}`, user)).statusCode).toBe(404);
    expect((await get(`/post/${postId}`, user)).statusCode).toBe(404);
    const found = (await get(`/api/search?q=${encodeURIComponent(word)}`, user)).json();
    expect(found.items.map((h: { post: { id: string } }) => h.post.id)).not.toContain(postId);
  }
}

const GHOST_4 = externalFixture("ghost-4.1-export.json");

describe.skipIf(!GHOST_4)(
  "Ghost's own 4.1 export (default install: 7 posts, 4 pages, static.ghost.org images)",
  () => {
    it("imports the posts by the author named by slug; the paid post arrives as a draft; missing images are reported", async () => {
      const images = path.join(work, "ghost4", "content", "images");
      await writeFile(images, "v4.0.0/images/welcome-to-ghost.png", await photo(600, 400, "png"));
      await writeFile(images, "integrations-icons.png", await photo(300, 200, "png"));
      const file = GHOST_4!;
      const { report, warnings, summary } = await moveIn(t, work, "ghost", file, images, {
        authors: ["ghost=him"],
      });
      expect(report.tables.blog_posts).toEqual({ rows: 7, added: 7 });
      expect(report.images).toEqual({ count: 2, added: 2 });
      const paid = await postNamed("Selling premium memberships with recurring revenue");
      expect(paid).toMatchObject({ status: "draft", author: "him", hashtags: ["getting started"] });
      await expectPrivate(paid.id, "premium memberships");
      expect(summary[0]).toBe(
        "  1 post was not public at the source and arrives as a draft (never public here): 'Selling premium memberships with recurring revenue' (paid members only)",
      );
      const start = await postNamed("Start here for a quick overview of everything you need to know");
      expect(start.imageUrl).toMatch(/welcometoghost\.png$/);
      const apps = await postNamed("Setting up apps and custom integrations");
      expect(apps.content).toMatch(/src="\/uploads\/blog-images\/[^"]+integrationsicons\.png"/);
      expect(apps.content).not.toContain("static.ghost.org");
      expect(warnings).toContain(
        "'Setting up apps and custom integrations': 2 images are not in the images folder and left out: https://static.ghost.org/v4.0.0/images/iawriter-integration.png, https://static.ghost.org/v4.0.0/images/app-integrations.png",
      );
    });
  },
);

describe("a Ghost 6 export (lexical posts, visibility, tiers, newsletters, comments of a full backup)", () => {
  const file = path.join(FIXTURES, "ghost-6-export.json");
  let images: string;
  let imported: Awaited<ReturnType<typeof moveIn>>;
  beforeAll(async () => {
    images = path.join(work, "ghost6", "content", "images");
    await writeFile(images, "2025/03/espresso.jpg", await photo(2000, 1333));
    await writeFile(images, "2025/03/beans.jpg", await photo(1200, 800));
  });

  it("names an unmapped author, then imports with authors by slug and display name", async () => {
    await expect(moveIn(t, work, "ghost", file, images, { authors: ["robin=him"] })).rejects.toThrow(
      "Each author of the export must be mapped to 'him' or 'her': add --author casey@ghost6.example=him|her, or --default-author him|her for every author not named.",
    );
    imported = await moveIn(t, work, "ghost", file, images, {
      authors: ["robin=him", "Casey=her"],
    });
    const { report, summary } = imported;
    expect(report.tables.blog_posts).toEqual({ rows: 6, added: 6 });
    expect(report.tables.comments).toEqual({ rows: 3, added: 3 });
    expect(summary[0]).toBe(
      "  4 posts were not public at the source and arrive as drafts (never public here): 'Roastery notes for members' (members only), 'The secret blend' (paid members only), 'A letter to our founders' (members of some tiers only), 'March newsletter' (sent by email only)",
    );
  });

  it("keeps members-only, paid, tier and email-only posts private; the public one is published", async () => {
    const titles = [
      "Roastery notes for members",
      "The secret blend",
      "A letter to our founders",
      "March newsletter",
    ];
    for (const title of titles) {
      const post = await postNamed(title);
      expect(post.status).toBe("draft");
      await expectPrivate(post.id, title.split(" ").at(-1)!);
    }
    expect((await postNamed("Next week")).status).toBe("draft");
    const coffee = await postNamed("Coffee & Code");
    expect(coffee).toMatchObject({
      status: "published",
      author: "him",
      excerpt: "Beans, grinders & patience.",
    });
    expect((await get(`/api/posts/${coffee.id}`)).json().title).toBe("Coffee & Code");
  });

  it("decodes comment HTML once into text, keeps the reply under its comment, leaves out hidden ones", async () => {
    const list = await commentsOf((await postNamed("Coffee & Code")).id);
    expect(list.map((c) => [c.content, c.author])).toEqual([
      ["Use a <blockquote> for the recipe & it'll look right.", "jo"],
      ["Agreed,\nSam", "sam"],
    ]);
    expect(list[1]!.parentId).toBe(list[0]!.id);
  });

  it("finds content/images by URL path (also size/w1200 copies) and reports the Unsplash image it has not", async () => {
    const coffee = await postNamed("Coffee & Code");
    expect(coffee.imageUrl).toMatch(/beans\.jpg$/);
    expect(coffee.content).toMatch(
      /<img class="post-image[^"]*" src="\/uploads\/blog-images\/[^"]+espresso\.jpg"/,
    );
    expect(coffee.content).toContain("Morning, 7 am.");
    expect(coffee.content).not.toMatch(/unsplash|<figure[^>]*>\s*<\/figure>/);
    expect(imported.warnings).toEqual([
      "'Coffee & Code': 1 image is not in the images folder and left out: https://images.unsplash.com/photo-1495474472287-4d71bcdd2085?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&w=2000",
    ]);
  });
});

describe("the original app's JSON export, with image tags in the content", () => {
  it("points found images at the copies here, leaves the missing one out and says so", async () => {
    const images = path.join(work, "original-images");
    await writeFile(images, "blog-images/1710000000000_tram.jpg", await photo(1200, 900));
    await writeFile(images, "1710000000001_tiles.jpg", await photo(900, 1200));
    await writeFile(images, "1710500000000_desk.png", await photo(800, 600, "png"));
    const file = path.join(FIXTURES, "original-export.json");
    const { report, warnings, summary } = await moveIn(t, work, "original", file, images);
    expect(report.tables).toMatchObject({
      blog_posts: { rows: 2, added: 2 },
      comments: { rows: 2, added: 2 },
      post_likes: { rows: 3, added: 3 },
    });
    expect(report.sanitised).toBe(0);
    expect(warnings).toEqual([
      "'Our weekend in Lisbon': 1 image is not in the images folder and left out: https://firebasestorage.googleapis.com/v0/b/duet-blog-3c1f2.appspot.com/o/blog-images%2F1710000000002_sunset.jpg?alt=media&token=3d2e7f9a-2c6b-4f4a-9e83-9b3a4c5d6e7f",
    ]);
    expect(summary).toEqual(["  1 image was not in the images folder: left out of 1 post (listed above)"]);
    const lisbon = await postNamed("Our weekend in Lisbon");
    expect(lisbon.images.map((i) => [i.id, i.pairedWith])).toEqual([
      ["img_1710000000000", "img_1710000000001"],
      ["img_1710000000001", "img_1710000000000"],
    ]);
    expect(lisbon.content).toContain('<div class="image-pair"');
    expect(lisbon.content.match(/<img\b/g)).toHaveLength(2);
    expect(lisbon.content).not.toContain("firebasestorage");
    expect(lisbon.content).toContain("<p>We'll be back.</p>");
    expect(lisbon.likes).toBe(2);
    const desk = await postNamed("Notes from the workshop");
    expect(desk.imageUrl).toMatch(/desk\.png$/);
    expect((await commentsOf(desk.id)).map((c) => c.content)).toEqual(["It's beautiful."]);
  });
});
