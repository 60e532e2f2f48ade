import { describe, expect, it } from "vitest";
import { embedFromUrl, embedHtml, embedPlayerUrl, embedWatchUrl } from "./embeds";
import { cleanAttribute } from "./post-html";

describe("video embeds", () => {
  it("recognises the YouTube and Vimeo links authors paste", () => {
    expect(embedFromUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s")).toBe("youtube:dQw4w9WgXcQ");
    expect(embedFromUrl("https://youtu.be/dQw4w9WgXcQ?si=abc")).toBe("youtube:dQw4w9WgXcQ");
    expect(embedFromUrl("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe("youtube:dQw4w9WgXcQ");
    expect(embedFromUrl(" https://vimeo.com/76979871 ")).toBe("vimeo:76979871");
    expect(embedFromUrl("https://player.vimeo.com/video/76979871")).toBe("vimeo:76979871");
  });

  it("leaves every other link a link", () => {
    for (const text of [
      "https://www.youtube.com/@channel",
      "https://www.youtube.com/watch?v=short",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/channels/staff",
      "not a url",
    ])
      expect(embedFromUrl(text), text).toBeNull();
  });

  it("builds the watch link and the player only from a valid embed", () => {
    expect(embedWatchUrl("youtube:dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(embedPlayerUrl("youtube:dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(embedPlayerUrl("vimeo:76979871")).toBe("https://player.vimeo.com/video/76979871?autoplay=1");
    expect(embedPlayerUrl("youtube:x/../../evil")).toBeNull();
    expect(embedPlayerUrl("vimeo:1?x=javascript:")).toBeNull();
  });

  it("writes the block as the sanitiser stores it, the title as text", () => {
    expect(embedHtml("youtube:dQw4w9WgXcQ", "<b>Ours</b> & more")).toBe(
      '<div class="post-embed" data-embed="youtube:dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">&lt;b&gt;Ours&lt;/b&gt; &amp; more</a></div>',
    );
  });

  it("admits exactly the new classes and attributes", () => {
    expect(cleanAttribute("div", "class", "image-gallery post-embed image-pair evil")).toBe(
      "image-gallery post-embed image-pair",
    );
    expect(cleanAttribute("div", "data-gallery", "a b c")).toBe("a b c");
    expect(cleanAttribute("div", "data-gallery", "a b")).toBeNull();
    expect(cleanAttribute("div", "data-gallery", Array(13).fill("a").join(" "))).toBeNull();
    expect(cleanAttribute("div", "data-embed", "vimeo:123")).toBe("vimeo:123");
    expect(cleanAttribute("div", "data-embed", 'youtube:dQw4w9WgXcQ"x')).toBeNull();
    expect(cleanAttribute("img", "class", "post-image post-image--wide")).toBe("post-image post-image--wide");
    expect(cleanAttribute("figure", "class", "post-figure post-image--wide")).toBe(
      "post-figure post-image--wide",
    );
    expect(cleanAttribute("img", "style", "--ratio:1")).toBeNull();
  });
});
