import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady } from "../../common/api/takes";
import { paths } from "../../common/routes";
import type { PostPair } from "../../common/takes";
import type { BlogPost, BlogPostCard, Page, PostReading, SearchHit } from "../../common/types";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Reading a revealed two-takes post (docs/decisions/0046-two-takes.md): one page shows the topic,
// the prompt and both takes, each with its author and its own anchor; each blog lists its take.

let t: TestApp;
let roles: Roles;
let his: BlogPost;
let hers: BlogPost;
let pairId: string;

const write = async (who: TestUser, author: "him" | "her", text: string) => {
  const res = await requestAs(t, "POST", "/api/posts", who, {
    author,
    pairId,
    title: `${text} title`,
    content: `<p>${text} body.</p>`,
    excerpt: `${text} excerpt`,
    hashtags: [`${author}tag`],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BlogPost>();
};

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  await requestAs(t, "PUT", "/api/authors/her", roles.her, { name: "Maya" });
  await requestAs(t, "PUT", "/api/authors/him", roles.him, { name: "Leo" });
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.her, {
      topic: "Lisbon",
      prompt: "The best meal of the trip",
    })
  ).json<PostPair>();
  pairId = pair.id;
  await requestAs(t, "POST", urlOf(pairAccept, { id: pairId }), roles.him);
  hers = await write(roles.her, "her", "Sardines");
  his = await write(roles.him, "him", "Custard");
});
afterAll(() => t.close());

const reading = async (id: string, who: TestUser | null = null) =>
  (await requestAs(t, "GET", `/api/posts/${id}/reading`, who)).json<PostReading>();

describe("two takes › reading", () => {
  it("before the reveal, an author's preview of their take shows no pair (nothing of the other)", async () => {
    expect((await reading(hers.id, roles.her)).pair ?? null).toBeNull();
    const page = await requestAs(t, "GET", `/post/${hers.slug}`, roles.her);
    expect(page.body).not.toContain("Custard");
  });

  it("after the reveal, either take's page shows the topic, the prompt and both takes", async () => {
    await requestAs(t, "POST", urlOf(pairReady, { id: pairId }), roles.her);
    await requestAs(t, "POST", urlOf(pairReady, { id: pairId }), roles.him);
    for (const take of [his, hers]) {
      const { pair } = await reading(take.id);
      expect(pair).toMatchObject({ id: pairId, topic: "Lisbon", prompt: "The best meal of the trip" });
      // The proposer's take first.
      expect(pair!.takes.map((x) => [x.post.id, x.author.name])).toEqual([
        [hers.id, "Maya"],
        [his.id, "Leo"],
      ]);
      expect(pair!.takes.every((x) => x.post.status === "published")).toBe(true);
    }
  });

  // The markup itself (anchors, jump links) is the component's: two-takes.test.tsx renders it as
  // the server's renderer does (API tests run without the built renderer).
  it("the page inlines both takes, has the topic as its title and JSON-LD of both authors", async () => {
    const res = await requestAs(t, "GET", `/post/${his.slug}`, null);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    for (const text of ["Sardines body.", "Custard body.", "The best meal of the trip"])
      expect(html).toContain(text);
    expect(html).toMatch(/<title>Lisbon - /);
    const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld.headline).toBe("Lisbon");
    expect(ld.author.map((a: { name: string }) => a.name)).toEqual(["Maya", "Leo"]);
    // Either take's address names one canonical page: the proposer's take's.
    const canonical = `<link rel="canonical" href="${t.ctx.config.publicUrl}/post/${hers.slug}">`;
    expect(html).toContain(canonical);
    expect(ld.url).toBe(`${t.ctx.config.publicUrl}/post/${hers.slug}`);
    expect((await requestAs(t, "GET", `/post/${hers.slug}`, null)).body).toContain(canonical);
  });

  it("each blog lists its take under the topic, with that author's excerpt and thumbnail", async () => {
    for (const [author, take, excerpt] of [
      ["him", his, "Custard excerpt"],
      ["her", hers, "Sardines excerpt"],
    ] as const) {
      const list = (await requestAs(t, "GET", `/api/posts?author=${author}`, null)).json<
        Page<BlogPostCard>
      >();
      const card = list.items.find((p) => p.id === take.id);
      expect(card).toMatchObject({ title: "Lisbon", excerpt, imageUrl: take.imageUrl });
      const page = (await requestAs(t, "GET", paths.blog(author), null)).body;
      expect(page).toContain("Lisbon");
      expect(page).not.toContain(`${excerpt.split(" ")[0]} title`);
      // Each blog's feed carries its author's take, titled by the topic.
      const feed = (await requestAs(t, "GET", paths.feed(author), null)).body;
      const item = /<item>.*?<\/item>/s.exec(feed)![0];
      expect(item).toContain("<title>Lisbon</title>");
      expect(item).toContain(`<description>${excerpt}</description>`);
      expect(item).toContain(take.slug);
    }
    // Search finds a take by its own words and shows it under the topic too.
    const search = (await requestAs(t, "GET", "/api/search?q=sardines", null)).json<Page<SearchHit>>();
    expect(search.items.map((p) => p.title.map((part) => part.text).join(""))).toEqual(["Lisbon"]);
  });
});
