import { describe, expect, it } from "vitest";
import type { BlogPost } from "../../../common/types";
import { editorValueFromPost, previewHtml, sameWork, savedContent } from "./editor-model";

const post: BlogPost = {
  id: "p1",
  slug: "sea",
  title: "Sea",
  content:
    '<p>Hi</p><img srcset="/uploads/blog-images/1_a.png.480w.webp 480w" sizes="100vw" class="post-image post-image--left post-image--small" src="/uploads/blog-images/1_a.png" alt="Sea" data-image-id="a" /><div class="image-pair" data-pair="b c"><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_b.png" alt="Sea" data-image-id="b" /><img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1_c.png" alt="Sea" data-image-id="c" /></div>',
  excerpt: "",
  author: "her",
  date: "2024-01-01T00:00:00.000Z",
  status: "published",
  imageUrl: "/uploads/blog-images/1_c.png",
  images: [
    { id: "a", url: "/uploads/blog-images/1_a.png", position: "left", size: "small", pairedWith: null },
    { id: "b", url: "/uploads/blog-images/1_b.png", position: "center", size: "medium", pairedWith: "c" },
    { id: "c", url: "/uploads/blog-images/1_c.png", position: "center", size: "medium", pairedWith: "b" },
  ],
  hashtags: ["sea-walk", "beach"],
  likes: 3,
  lastUpdated: null,
  sendToFollowers: true,
};

describe("editor model › loading an edit (SPEC §4)", () => {
  it("turns saved image tags back into markers and the images into uploaded entries", () => {
    const value = editorValueFromPost(post);
    expect(value.content).toBe("<p>Hi</p>[IMAGE:a][PAIRED:b:c]");
    expect(value.images.map((i) => [i.id, i.uploaded, i.file, i.name])).toEqual([
      ["a", true, null, "a.png"],
      ["b", true, null, "b.png"],
      ["c", true, null, "c.png"],
    ]);
    expect(value.thumbnailId).toBe("c");
    expect(value.hashtags).toBe("sea-walk, beach");
    expect(value.author).toBe("her");
  });

  it("saving unchanged gives back the same images, thumbnail and image HTML", () => {
    const saved = savedContent(editorValueFromPost(post), new Map());
    expect(saved.images).toEqual(post.images);
    expect(saved.imageUrl).toBe(post.imageUrl);
    expect(saved.content).toContain('<div class="image-pair" data-pair="b c">');
    expect(saved.content).toContain('src="/uploads/blog-images/1_a.png" alt="Sea" data-image-id="a">');
  });

  it("uses the uploaded URL of a new image, and its local preview in the preview", () => {
    const value = editorValueFromPost(post);
    value.images.push({
      id: "n",
      url: "",
      position: "full",
      size: "large",
      pairedWith: null,
      file: null,
      previewUrl: "blob:http://127.0.0.1/x",
      uploaded: false,
      insertPosition: null,
      name: "new.png",
    });
    value.content += "[IMAGE:n]";
    const saved = savedContent(value, new Map([["n", "/uploads/blog-images/2_new.png"]]));
    expect(saved.content).toContain('src="/uploads/blog-images/2_new.png"');
    const preview = previewHtml(value, (html) => html);
    expect(preview).toContain('src="blob:http://127.0.0.1/x"');
  });
});

describe("editor model › sameWork (what autosave and the leave warning compare)", () => {
  it("ignores an upload finishing, notices any change the author made", () => {
    const value = editorValueFromPost(post);
    const uploadedAgain = {
      ...value,
      images: value.images.map((i) => ({ ...i, previewUrl: "blob:x", url: "/u" })),
    };
    expect(sameWork(uploadedAgain, value)).toBe(true);
    expect(sameWork({ ...value, title: "Other" }, value)).toBe(false);
    expect(sameWork({ ...value, images: value.images.map((i) => ({ ...i, caption: "c" })) }, value)).toBe(
      false,
    );
    expect(sameWork(value, null)).toBe(false);
  });
});
