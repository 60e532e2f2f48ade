// @vitest-environment happy-dom
// What the browser renders itself is sanitised by DOMPurify: checked in a real browser
// (e2e/reader-post.spec.ts, "the browser sanitises content again").
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { PostImage } from "../../../../common/types";
import { loadedBrowserSanitizer, setServerSanitizer } from "../../../lib/sanitize";
import { PostContent } from "./post-content";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const url = "/uploads/blog-images/1_a.jpg";
const images: PostImage[] = [
  { id: "a", url, position: "center", size: "large", pairedWith: null, width: 1200, height: 800 },
];
const html = `<p>Hello</p><img class="post-image post-image--center post-image--large" src="${url}" alt="" data-image-id="a">`;

afterEach(() => {
  document.body.innerHTML = "";
});

/** The server's rendering of the component (the page renderer supplies sanitize-html; this HTML is clean). */
function serverHtml(content: string): string {
  const realWindow = globalThis.window;
  // renderToString runs as on the server: no window, the server's sanitiser.
  Object.defineProperty(globalThis, "window", { value: undefined, configurable: true });
  try {
    setServerSanitizer((clean) => clean);
    return renderToString(<PostContent html={content} images={images} />);
  } finally {
    Object.defineProperty(globalThis, "window", { value: realWindow, configurable: true });
  }
}

describe("PostContent", () => {
  it("renders sized, responsive, eager-first images on the server", () => {
    const out = serverHtml(html);
    expect(out).toContain('width="1200" height="800"');
    expect(out).toContain(`${url}.480w.webp 480w`);
    expect(out).toContain('fetchpriority="high"');
  });

  it("hydrates the server's rendering as it is, without loading DOMPurify", async () => {
    const container = document.createElement("div");
    container.innerHTML = serverHtml(html);
    document.body.append(container);
    const before = container.innerHTML;
    const image = container.querySelector("img");
    await act(async () => {
      hydrateRoot(container, <PostContent html={html} images={images} />);
    });
    // The same nodes and markup (the image kept, not re-created; happy-dom loads no image, so
    // SPEC §8's check hides it, which is the only change).
    expect(container.querySelector("img")).toBe(image);
    expect(container.innerHTML.replace(' hidden=""', "")).toBe(before);
    expect(loadedBrowserSanitizer()).toBeNull();
  });
});
