import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTHOR_PROFILE_MESSAGES } from "../../common/schemas/author-profile";
import type { AuthorProfile } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const photo = "/uploads/blog-images/1700000000000_me.webp";
const put = (author: string, payload: unknown, user?: TestUser) =>
  t.request({
    method: "PUT",
    url: `/api/authors/${author}`,
    cookie: user?.cookie,
    payload: payload as object,
  });

describe("author profiles", () => {
  it("start empty and are public", async () => {
    const res = await t.request({ method: "GET", url: "/api/authors" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { author: "him", name: "", bio: "", photoUrl: null },
      { author: "her", name: "", bio: "", photoUrl: null },
    ]);
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
    };
    expect(res.json()).toEqual(expected);
    expect((await t.request({ method: "GET", url: "/api/authors/her" })).json()).toEqual(expected);
    // Again, without a photo: replaced whole.
    const again = await put("her", { name: "Ana" }, her);
    expect(again.json()).toEqual({ author: "her", name: "Ana", bio: "", photoUrl: null });
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
