import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RemoteAnswer } from "./remote-fetch";
import { endpointOf } from "./webmention-discover";
import { ENTRY_TEXT_MAX, readSource } from "./webmention-hentry";
import { outboundLinks } from "./webmention-send";

const answer = (
  body: string,
  headers: Record<string, string> = {},
  url = "https://b.example/post/1",
): RemoteAnswer => ({
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8", ...headers },
  url,
  body: Buffer.from(body),
});

describe("endpoint discovery (W3C §3.1.2)", () => {
  it("takes the HTTP Link header first, before the page's own", () => {
    const a = answer('<link rel="webmention" href="/from-html">', {
      link: '<https://b.example/wm>; rel="webmention"',
    });
    expect(endpointOf(a)).toBe("https://b.example/wm");
  });
  it("reads rel among others and unquoted, in a header of several links", () => {
    const header = '<https://b.example/a>; rel="me", </wm2?x=1>; rel="other webmention"';
    expect(endpointOf(answer("", { link: header }))).toBe("https://b.example/wm2?x=1");
    expect(endpointOf(answer("", { link: "<https://c.example/wm>; rel=webmention" }))).toBe(
      "https://c.example/wm",
    );
  });
  it("then the first <link> or <a> rel=webmention, in document order", () => {
    expect(
      endpointOf(answer('<a rel="webmention" href="/by-a">x</a><link rel="webmention" href="/by-link">')),
    ).toBe("https://b.example/by-a");
    expect(endpointOf(answer('<head><link rel="webmention" href="/by-link"></head>'))).toBe(
      "https://b.example/by-link",
    );
  });
  it("resolves relative endpoints against the page's final URL and keeps the query string", () => {
    const a = answer('<link rel="webmention" href="wm.php?token=abc">', {}, "https://b.example/blog/post/1");
    expect(endpointOf(a)).toBe("https://b.example/blog/post/wm.php?token=abc");
  });
  it("an empty href is the page itself", () => {
    expect(endpointOf(answer('<link rel="webmention" href="">'))).toBe("https://b.example/post/1");
  });
  it("skips an element without href, and a non-http endpoint is none", () => {
    expect(endpointOf(answer('<link rel="webmention"><a rel="webmention" href="/ok">'))).toBe(
      "https://b.example/ok",
    );
    expect(endpointOf(answer('<link rel="webmention" href="javascript:alert(1)">'))).toBeNull();
    expect(endpointOf(answer("<p>none</p>"))).toBeNull();
  });
  it("ignores the body of an answer that is not HTML", () => {
    expect(
      endpointOf({
        ...answer('<link rel="webmention" href="/x">'),
        headers: { "content-type": "text/plain" },
      }),
    ).toBeNull();
  });
});

describe("outbound links of a post", () => {
  it("lists other sites' http(s) links once, without fragments or our own", () => {
    const html =
      '<p><a href="https://b.example/1#top">a</a> <a href="https://b.example/1">again</a> <a href="mailto:x@y">m</a> <a href="https://duet.example/post/x">own</a> <a href="/rel">rel</a></p>';
    expect(outboundLinks(html, "https://duet.example")).toEqual(["https://b.example/1"]);
  });
});

describe("reading a source's h-entry", () => {
  const target = "https://duet.example/post/sea";
  it("finds the link, the reply, the author and the content", () => {
    const html = `<div class="h-entry"><a class="p-author h-card" href="/about"><span class="p-name">Bo</span></a>
      <a class="u-in-reply-to" href="${target}">re</a><div class="e-content"> Nice   post </div></div>`;
    expect(readSource(html, "https://b.example/n/1", target)).toEqual({
      linksToTarget: true,
      isReply: true,
      authorName: "Bo",
      authorUrl: "https://b.example/about",
      authorPhoto: null,
      text: "Nice post",
    });
  });
  it("a link elsewhere on the page counts; no h-entry gives the title", () => {
    expect(readSource(`<title>T</title><img src="${target}">`, "https://b.example/", target)).toMatchObject({
      linksToTarget: true,
      isReply: false,
      text: "T",
    });
  });
});

// A seeded fuzz (like server/fuzz.test.ts): whatever the HTML, reading it never throws and gives bounded text.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const PIECES = [
  "<div class='h-entry'>",
  "</div>",
  "<a class='u-in-reply-to' href='https://duet.example/post/sea'>",
  "</a>",
  "<span class='p-author h-card'>",
  "<span class='p-name'>",
  "<img class='u-photo' src='//x'>",
  "<div class='e-content'>",
  "<a href='javascript:x'>",
  "<a href='http://[::1'>",
  "<a href='%%%'>",
  "<link rel=webmention href=>",
  "<!--",
  "-->",
  "<script>",
  "</script>",
  "<![CDATA[",
  "&amp;&#0;&#xffffff;",
  "\u0000",
  "\ud800",
  "😀",
  "<title>",
  "</title>",
  "<a href='https://duet.example/post/sea'>",
  `${"x".repeat(3000)}`,
  "<",
  ">",
  "'",
  '"',
  "=",
  " class=",
  "<p",
];

describe("the h-entry reader and endpoint discovery under fuzz", () => {
  it(`never throw on 400 random documents (seed ${SEED})`, () => {
    const r = prng(SEED);
    for (let n = 0; n < 400; n++) {
      const html = Array.from(
        { length: Math.floor(r() * 40) },
        () => PIECES[Math.floor(r() * PIECES.length)],
      ).join("");
      const read = readSource(html, "https://b.example/n/1", "https://duet.example/post/sea");
      expect([...read.text].length, `seed ${SEED} case ${n}`).toBeLessThanOrEqual(ENTRY_TEXT_MAX);
      expect([...(read.authorName ?? "")].length).toBeLessThanOrEqual(100);
      const found = endpointOf(answer(html, { link: html.slice(0, 200) }));
      if (found) expect(found).toMatch(/^https?:\/\//);
    }
  });
});
