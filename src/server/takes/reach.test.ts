import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postStats, urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady } from "../../common/api/takes";
import type { PostStats } from "../../common/stats";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { fediversePosts, followers, mailQueue, statsPostsDaily } from "../db/schema";
import { newToken } from "../secret";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Decision 0046's reach: each author's followers get a letter with that author's take and a link
// to the partner's; each author's social-web actor sends its take as an Article linking the other.

let t: TestApp;
let roles: Roles;
let his: BlogPost;
let hers: BlogPost;
const FAN = { him: "his-fan@example.org", her: "her-fan@example.org" } as const;

async function lettersTo(email: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.toEmail, email));
    if (rows.length > 0) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  for (const author of ["him", "her"] as const)
    await t.ctx.db
      .insert(followers)
      .values({ email: FAN[author], author, token: newToken(), confirmedAt: new Date() });
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Porto" })
  ).json<PostPair>();
  await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
  const write = async (who: TestUser, author: string) => {
    const res = await requestAs(t, "POST", "/api/posts", who, {
      author,
      pairId: pair.id,
      title: "Porto",
      content: `<p>${author} wrote of the bridges.</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BlogPost>();
  };
  his = await write(roles.him, "him");
  hers = await write(roles.her, "her");
  await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.her);
  const revealed = await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.him);
  expect(revealed.json<PostPair>().state).toBe("revealed");
  await t.ctx.publishing.kick();
  his = (await requestAs(t, "GET", `/api/posts/${his.id}`, null)).json<BlogPost>();
  hers = (await requestAs(t, "GET", `/api/posts/${hers.id}`, null)).json<BlogPost>();
});
afterAll(() => t.close());

describe("two takes › the letters and the social web", () => {
  it("each blog's followers get its author's take, then a link to the partner's take", async () => {
    const [toHerFan] = await lettersTo(FAN.her);
    expect(toHerFan!.text).toContain("her wrote of the bridges.");
    expect(toHerFan!.text).not.toContain("him wrote");
    const link = `${t.ctx.config.publicUrl}/post/${his.slug}#take-him`;
    expect(toHerFan!.text).toMatch(new RegExp(`Read \\S.*'s take on it: ${link.replace(/[.?]/g, "\\$&")}`));
    expect(toHerFan!.html).toContain(`href="${link}"`);
    const [toHisFan] = await lettersTo(FAN.him);
    expect(toHisFan!.text).toContain("him wrote of the bridges.");
    expect(toHisFan!.html).toContain(`href="${t.ctx.config.publicUrl}/post/${hers.slug}#take-her"`);
  });

  it("each take's Article ends with a link to the partner's take", async () => {
    await t.ctx.db
      .insert(fediversePosts)
      .values([
        { postId: his.id, author: "him" },
        { postId: hers.id, author: "her" },
      ])
      .onConflictDoNothing();
    const res = await t.request({
      method: "GET",
      url: `/ap/posts/${his.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const content = (res.json() as { content: string }).content;
    expect(content).toContain("him wrote of the bridges.");
    expect(content).toMatch(
      new RegExp(
        `<p><a href="${t.ctx.config.publicUrl}/post/${hers.slug}#take-her">Read \\S.*'s take on it</a></p>$`,
      ),
    );
  });

  it("an ordinary post's letter and Article link no other take", async () => {
    const res = await requestAs(t, "POST", "/api/posts", roles.her, {
      author: "her",
      title: "Alone",
      content: "<p>Just me.</p>",
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<BlogPost>();
    await t.ctx.publishing.kick();
    const letter = (await lettersTo(FAN.her)).find((m) => m.postId === post.id);
    expect(letter?.text).toContain("Just me.");
    expect(letter?.text).not.toContain("take on it");
    await t.ctx.db.insert(fediversePosts).values({ postId: post.id, author: "her" }).onConflictDoNothing();
    const article = await t.request({
      method: "GET",
      url: `/ap/posts/${post.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect((article.json() as { content: string }).content).not.toContain("take on it");
  });
});

describe("two takes › stats", () => {
  it("count each take and the post (both takes together)", async () => {
    await t.ctx.db.insert(statsPostsDaily).values([
      { day: "2026-11-30", postId: his.id, views: 5, reads: 2 },
      { day: "2026-12-01", postId: his.id, views: 1, reads: 0 },
      { day: "2026-12-01", postId: hers.id, views: 7, reads: 3 },
    ]);
    const res = await requestAs(t, "GET", urlOf(postStats, {}, { ids: `${his.id},${hers.id}` }), roles.her);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(res.json<{ posts: PostStats[] }>().posts.map((p) => [p.postId, p]));
    expect(byId.get(his.id)).toEqual({ postId: his.id, views: 6, reads: 2, pair: { views: 13, reads: 5 } });
    expect(byId.get(hers.id)).toEqual({ postId: hers.id, views: 7, reads: 3, pair: { views: 13, reads: 5 } });
    const reader = await requestAs(t, "GET", urlOf(postStats, {}, { ids: his.id }), roles.reader);
    expect(reader.statusCode).toBe(403);
  });
});
