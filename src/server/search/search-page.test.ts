import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryKeys } from "../../common/query-keys";
import type { Page, SearchHit, ShellData } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// /search?q=: the page's head, status and inlined first results (what the server renderer and the
// browser hydrate from); drafts never in it, for a visitor or their own author.

let t: TestApp;
let him: TestUser;
let postId: string;
let draftId: string;

beforeAll(async () => {
  t = await buildTestApp({ SITE_NAME: "Duet" });
  him = await t.as("him");
  const write = async (payload: Record<string, unknown>) => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { author: "him", hashtags: [], ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  postId = await write({ title: "Harbour days", content: "<p>The cormorant dried its wings.</p>" });
  draftId = await write({ title: "Hidden draft", content: "<p>A cormorant, secretly.</p>", status: "draft" });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.request({ method: "GET", url, cookie: user?.cookie });

function dataOf(html: string): ShellData {
  const m = /<script type="application\/json" id="duet-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no inlined data");
  return JSON.parse(m[1]!) as ShellData;
}

describe("GET /search", () => {
  it("inlines the first results under the client's query key, with a noindex head", async () => {
    for (const user of [undefined, him]) {
      const res = await get("/search?q=%20Cormorant%20&utm_source=mail", user);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Cormorant - Search - Duet</title>");
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/search?q=Cormorant">');
      const [entry] = dataOf(res.body).queries;
      expect(entry![0]).toEqual([...queryKeys.search("Cormorant", null)]);
      const data = entry![1] as { pages: Page<SearchHit>[]; pageParams: unknown[] };
      expect(data.pageParams).toEqual([null]);
      expect(data.pages[0]!.items.map((h) => h.post.id)).toEqual([postId]);
      expect(res.body).not.toContain(draftId);
      expect(res.body).not.toContain("Hidden draft");
      expect(res.body).not.toContain("secretly");
    }
  });

  it("without words is the empty search page, kept like other anonymous pages", async () => {
    const res = await get("/search");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Search - Duet</title>");
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(dataOf(res.body).queries).toEqual([]);
    expect((await get("/search?q=%20%20")).statusCode).toBe(200);
  });

  it("answers 400 to words it refuses, and starts from the top for a cursor it did not make", async () => {
    for (const url of [`/search?q=${"x".repeat(1_000)}`, "/search?q=a&q=b", "/search?q=a&cursor=%2F"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(dataOf(res.body).queries).toEqual([]);
    }
    const forged = Buffer.from("rank|0.5|bm90IGEgY3Vyc29y").toString("base64url");
    const res = await get(`/search?q=cormorant&cursor=${forged}`);
    expect(res.statusCode).toBe(200);
    const [entry] = dataOf(res.body).queries;
    expect(entry![0]).toEqual([...queryKeys.search("cormorant", forged)]);
    const data = entry![1] as { pages: Page<SearchHit>[]; pageParams: unknown[] };
    expect(data.pageParams).toEqual([null]);
    expect(data.pages[0]!.items.map((h) => h.post.id)).toEqual([postId]);
  });
});
