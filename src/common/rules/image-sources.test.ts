import { describe, expect, it } from "vitest";
import type { PostImage } from "../types";
import { enhancePostImages, IMAGE_SIZES, imageSrcset, loadingFor } from "./image-sources";
import { markersToHtml } from "./marker-html";

const url = "/uploads/blog-images/1_a.jpg";
const image = (id: string, width?: number, height?: number): PostImage => ({
  id,
  url: `/uploads/blog-images/1_${id}.jpg`,
  position: "center",
  size: "large",
  pairedWith: null,
  width,
  height,
});

describe("imageSrcset", () => {
  it("lists the WebP variants below the original's width, then the original", () => {
    expect(imageSrcset(url, 1200)).toBe(`${url}.480w.webp 480w, ${url}.960w.webp 960w, ${url} 1200w`);
    expect(imageSrcset(url, 2400)).toBe(
      `${url}.480w.webp 480w, ${url}.960w.webp 960w, ${url}.1600w.webp 1600w, ${url} 2400w`,
    );
  });
  it("has no variant for an image no wider than the smallest one", () => {
    expect(imageSrcset(url, 480)).toBe(`${url} 480w`);
  });
  it("is empty without a width or for anything but our uploads", () => {
    expect(imageSrcset(url, undefined)).toBe("");
    expect(imageSrcset("https://example.com/a.jpg", 1200)).toBe("");
    expect(imageSrcset("/uploads/blog-images/../secret.jpg", 1200)).toBe("");
  });
});

describe("loadingFor", () => {
  it("loads the first image eagerly with high priority, every other lazily", () => {
    expect(loadingFor(true)).toEqual({ loading: "eager", fetchpriority: "high", decoding: "async" });
    expect(loadingFor(false)).toEqual({ loading: "lazy", decoding: "async" });
  });
});

describe("enhancePostImages", () => {
  const sized = [image("a", 1200, 800), image("b", 600, 900), image("c", 800, 400)];

  it("adds the size, srcset/sizes and loading; the first image alone is eager", () => {
    const html = `<p>x</p><img class="post-image post-image--center post-image--large" src="${sized[0]!.url}" alt="" data-image-id="a"><img class="post-image post-image--center post-image--small" src="${sized[2]!.url}" alt="" data-image-id="c" />`;
    const out = enhancePostImages(html, sized, { priorityFirst: true });
    const [first, second] = out.match(/<img\b[^>]*>/g)!;
    expect(first).toContain(' width="1200" height="800"');
    expect(first).toContain(` srcset="${imageSrcset(sized[0]!.url, 1200)}"`);
    expect(first).toContain(` sizes="${IMAGE_SIZES.content}"`);
    expect(first).toContain(' loading="eager" fetchpriority="high" decoding="async"');
    expect(second).toContain(' width="800" height="400"');
    expect(second).toContain(` sizes="${IMAGE_SIZES.small}"`);
    expect(second).toContain(' loading="lazy" decoding="async"');
    expect(second).not.toContain("fetchpriority");
    expect(out.startsWith("<p>x</p>")).toBe(true);
  });

  it("keeps every image lazy when another image comes first on the page", () => {
    const html = markersToHtml("[IMAGE:a]", sized);
    expect(enhancePostImages(html, sized, { priorityFirst: false })).toContain('loading="lazy"');
  });

  it("sizes a pair as one row of equal height, as the editor writes it", () => {
    const pair = [
      { ...image("a", 1200, 800), pairedWith: "b" },
      { ...image("b", 600, 900), pairedWith: "a" },
    ];
    // Written without sizes (an older post): the render adds them the way markersToHtml would.
    const bare = markersToHtml(
      "[PAIRED:a:b]",
      pair.map(({ width, height, ...rest }) => rest),
    );
    const out = enhancePostImages(bare, pair, { priorityFirst: true });
    const written = markersToHtml("[PAIRED:a:b]", pair);
    for (const size of written.match(/ width="\d+" height="\d+"/g)!) expect(out).toContain(size);
    expect(out.match(new RegExp(`sizes="${IMAGE_SIZES.pair.replace(/[()]/g, "\\$&")}"`, "g"))).toHaveLength(
      2,
    );
    expect(out.match(/fetchpriority/g)).toHaveLength(1);
  });

  it("keeps the sizes already written, and replaces a stale srcset and loading", () => {
    const html = `<img class="post-image" src="${sized[0]!.url}" srcset="${sized[0]!.url} 900w" sizes="100vw" alt="" width="12" height="8" loading="eager" data-image-id="a">`;
    const out = enhancePostImages(html, sized, { priorityFirst: false });
    expect(out).toContain('width="12" height="8"');
    expect(out.match(/srcset=/g)).toHaveLength(1);
    expect(out).toContain(`srcset="${imageSrcset(sized[0]!.url, 1200)}"`);
    expect(out.match(/loading=/g)).toHaveLength(1);
    expect(out).toContain('loading="lazy"');
  });

  it("leaves an image it knows nothing about with its markup, only its loading set", () => {
    const html = `<img class="post-image" src="${url}" alt="" data-image-id="zz">`;
    expect(enhancePostImages(html, sized, { priorityFirst: false })).toBe(
      `<img class="post-image" src="${url}" alt="" data-image-id="zz" loading="lazy" decoding="async">`,
    );
    expect(enhancePostImages("<p>no images</p>", sized, { priorityFirst: true })).toBe("<p>no images</p>");
  });
});
