import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTHOR_PROFILE_MESSAGES } from "../../common/schemas/author-profile";
import type { AuthorProfile } from "../../common/types";
import { authorProfiles } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { backfillAuthorPhotoWidths } from "./author-profiles.repository";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  // The couple registered as "Leo" and "Maya" (SPEC §5's display name).
  him = await t.signUp({ email: t.config.authorEmails.him, name: "Leo", verified: true });
  her = await t.signUp({ email: t.config.authorEmails.her, name: "Maya", verified: true });
  reader = await t.as("user");
});
afterAll(() => t.close());

const photo = "/uploads/blog-images/1700000000000_me.webp";
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 176, g: 53, b: 110 } } })
    .jpeg()
    .toBuffer();
const getProfile = async (author: string) =>
  (await t.request({ method: "GET", url: `/api/authors/${author}` })).json() as AuthorProfile;
const put = (author: string, payload: unknown, user?: TestUser) =>
  t.request({
    method: "PUT",
    url: `/api/authors/${author}`,
    cookie: user?.cookie,
    payload: payload as object,
  });

describe("author profiles", () => {
  it("start from the display names given at registration, and are public", async () => {
    const res = await t.request({ method: "GET", url: "/api/authors" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { author: "him", name: "Leo", bio: "", photoUrl: null, photoWidth: null },
      { author: "her", name: "Maya", bio: "", photoUrl: null, photoWidth: null },
    ]);
    // Readers see the names on a post, not 'By Him' / 'By Her'.
    const post = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { author: "her", title: "Named", content: "<p>Hello.</p>" },
    });
    expect(post.statusCode, post.body).toBe(201);
    const page = await t.request({ method: "GET", url: `/api/posts/${post.json().id}/reading` });
    expect(page.json().author).toMatchObject({ author: "her", name: "Maya" });
    expect((await t.request({ method: "GET", url: "/api/authors/nobody" })).statusCode).toBe(404);
  });

  it("are set by the author's own account, and readers see the change at once", async () => {
    // Read first so the cache holds the old answer.
    await t.request({ method: "GET", url: "/api/authors/her" });
    const res = await put("her", { name: "  Ana  ", bio: "Gardens and trains.", photoUrl: photo }, her);
    expect(res.statusCode, res.body).toBe(200);
    const expected: AuthorProfile = {
      author: "her",
      name: "Ana",
      bio: "Gardens and trains.",
      photoUrl: photo,
      // Not in storage: no width, and the profile is saved all the same.
      photoWidth: null,
    };
    expect(res.json()).toEqual(expected);
    expect((await t.request({ method: "GET", url: "/api/authors/her" })).json()).toEqual(expected);
    // Again, without a photo: replaced whole.
    const again = await put("her", { name: "Ana" }, her);
    expect(again.json()).toEqual({ author: "her", name: "Ana", bio: "", photoUrl: null, photoWidth: null });
  });

  it("role matrix: visitor 401, reader and the other author 403, changing nothing", async () => {
    await put("him", { name: "Ben" }, him);
    for (const [user, code] of [
      [undefined, 401],
      [reader, 403],
      [her, 403],
    ] as const) {
      const res = await put("him", { name: "Hacked" }, user);
      expect(res.statusCode).toBe(code);
      expect(res.json().error.code).toBe(code === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
    }
    expect((await t.request({ method: "GET", url: "/api/authors/him" })).json().name).toBe("Ben");
    expect((await put("nobody", { name: "x" }, him)).statusCode).toBe(404);
  });

  it("refuses bad input with a clear 400 and keeps the profile", async () => {
    await put("him", { name: "Ben", bio: "Kept" }, him);
    const cases: Array<[unknown, string]> = [
      [{ name: "   " }, AUTHOR_PROFILE_MESSAGES.nameRequired],
      [{}, AUTHOR_PROFILE_MESSAGES.nameRequired],
      [{ name: 7 }, AUTHOR_PROFILE_MESSAGES.nameRequired],
      [{ name: "x".repeat(81) }, AUTHOR_PROFILE_MESSAGES.nameTooLong],
      [{ name: "Ben", bio: "b".repeat(100_000) }, AUTHOR_PROFILE_MESSAGES.bioTooLong],
      [{ name: "Ben", bio: ["list"] }, "Bio must be text"],
      [{ name: "Ben", photoUrl: "https://evil.example/me.png" }, AUTHOR_PROFILE_MESSAGES.photo],
      [{ name: "Ben", photoUrl: "/uploads/blog-images/../../secret" }, AUTHOR_PROFILE_MESSAGES.photo],
      [{ name: "Ben", admin: true }, "Unknown field: admin."],
      // The photo's width is read from storage, never taken from the client.
      [{ name: "Ben", photoUrl: photo, photoWidth: 480 }, "Unknown field: photoWidth."],
      [null, "The request body must be a JSON object."],
      [["Ben"], "The request body must be a JSON object."],
    ];
    for (const [payload, message] of cases) {
      const res = await put("him", payload, him);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
    expect((await t.request({ method: "GET", url: "/api/authors/him" })).json()).toMatchObject({
      name: "Ben",
      bio: "Kept",
    });
  });
});

describe("author photo width", () => {
  it("is read from the stored photo on save, with its WebP variants, and returned everywhere", async () => {
    const key = "blog-images/1700000000010_ben.jpg";
    await t.ctx.storage.put(key, await jpeg(1200, 1200));
    const url = `/uploads/${key}`;
    const res = await put("him", { name: "Ben", photoUrl: url }, him);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ photoUrl: url, photoWidth: 1200 });
    expect(await getProfile("him")).toMatchObject({ photoUrl: url, photoWidth: 1200 });
    const list = (await t.request({ method: "GET", url: "/api/authors" })).json() as AuthorProfile[];
    expect(list[0]).toMatchObject({ author: "him", photoWidth: 1200 });
    // The variants the width implies exist, so the srcset readers get never points at a 404.
    for (const w of [480, 960]) expect(await t.ctx.storage.exists(`${key}.${w}w.webp`)).toBe(true);
    expect(await t.ctx.storage.exists(`${key}.1600w.webp`)).toBe(false);
    // Removing the photo clears its width.
    expect((await put("him", { name: "Ben", photoUrl: null }, him)).json()).toMatchObject({
      photoUrl: null,
      photoWidth: null,
    });
  });

  it("is null, and the profile still saved, when the file is missing, not an image, or storage fails", async () => {
    const notImage = "blog-images/1700000000011_notes.jpg";
    await t.ctx.storage.put(notImage, Buffer.from("not an image"));
    const failing = "/uploads/blog-images/1700000000012_ok.jpg";
    await t.ctx.storage.put("blog-images/1700000000012_ok.jpg", await jpeg(600, 600));
    const get = vi.spyOn(t.ctx.storage, "get");
    try {
      for (const url of ["/uploads/blog-images/1700000000013_missing.jpg", `/uploads/${notImage}`, failing]) {
        if (url === failing) get.mockRejectedValueOnce(new Error("storage unreachable"));
        const res = await put("her", { name: "Ana", bio: url, photoUrl: url }, her);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ bio: url, photoUrl: url, photoWidth: null });
        expect(await getProfile("her")).toMatchObject({ bio: url, photoUrl: url, photoWidth: null });
      }
    } finally {
      get.mockRestore();
    }
  });

  it("is recorded at start for photos saved without it, once; a foreign or missing photo stays null", async () => {
    const key = "blog-images/1700000000020_old.jpg";
    await t.ctx.storage.put(key, await jpeg(1000, 800));
    const rows = [
      { author: "him" as const, name: "Ben", photoUrl: `/uploads/${key}` },
      // Imported or written by hand: not one of our uploads.
      { author: "her" as const, name: "Ana", photoUrl: "https://elsewhere.example/ana.jpg" },
    ];
    for (const { author, ...values } of rows) {
      await t.ctx.db
        .insert(authorProfiles)
        .values({ author, ...values, photoWidth: null })
        .onConflictDoUpdate({ target: authorProfiles.author, set: { ...values, photoWidth: null } });
    }
    expect(await backfillAuthorPhotoWidths(t.ctx.db, t.ctx.storage)).toBe(1);
    const [himRow] = await t.ctx.db.select().from(authorProfiles).where(eq(authorProfiles.author, "him"));
    const [herRow] = await t.ctx.db.select().from(authorProfiles).where(eq(authorProfiles.author, "her"));
    expect(himRow!.photoWidth).toBe(1000);
    expect(herRow!.photoWidth).toBeNull();
    expect(await t.ctx.storage.exists(`${key}.960w.webp`)).toBe(true);
    // Nothing left it can complete: a second start changes nothing.
    expect(await backfillAuthorPhotoWidths(t.ctx.db, t.ctx.storage)).toBe(0);
  });
});

describe("the author's name on cards", () => {
  it("every list, tag page, search and the server-rendered list names the author as the profile does", async () => {
    const { createPost } = await import("../test/factories");
    await createPost(t.ctx, { author: "him", title: "Ridge walk", hashtags: ["walks"] });
    const cards = async (url: string) => {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { authorName: string }[] }).items.map((c) => c.authorName);
    };
    const rename = async (name: string) => {
      const res = await put("him", { name, bio: "" }, him);
      expect(res.statusCode, res.body).toBe(200);
    };
    await rename("Tomas Berg");
    expect(await cards("/api/posts?author=him")).toEqual(["Tomas Berg"]);
    expect(await cards("/api/posts?tag=walks")).toEqual(["Tomas Berg"]);
    const hits = (await t.request({ method: "GET", url: "/api/search?q=ridge" })).json() as {
      items: { post: { authorName: string } }[];
    };
    expect(hits.items.map((h) => h.post.authorName)).toEqual(["Tomas Berg"]);
    // The server-rendered list is hydrated from the inlined cards (the renderer is not built here).
    expect((await t.request({ method: "GET", url: "/his-blog" })).body).toContain(
      '"authorName":"Tomas Berg"',
    );

    // A new name shows at once: the profile write empties the cached lists.
    await rename("Tomas B.");
    expect(await cards("/api/posts?author=him")).toEqual(["Tomas B."]);
    expect((await t.request({ method: "GET", url: "/his-blog" })).body).toContain('"authorName":"Tomas B."');
  });
});
