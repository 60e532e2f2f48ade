import { describe, expect, it } from "vitest";
import type { PostImage } from "../../../../common/types";
import { featureImageUrl } from "./feature-image";

const url = "/uploads/blog-images/1_cover.png";
const image: PostImage = { id: "c", url, position: "center", size: "large", pairedWith: null };
const tag = `<img class="post-image post-image--center post-image--large" src="${url}" alt="" data-image-id="c">`;

describe("featureImageUrl", () => {
  it("is the thumbnail when the text does not show it", () => {
    expect(featureImageUrl({ imageUrl: url, images: [image], content: "<p>Text.</p>" })).toBe(url);
  });

  it("is nothing without a thumbnail, or when the text already shows it (never twice)", () => {
    expect(featureImageUrl({ imageUrl: null, images: [], content: "<p>Text.</p>" })).toBeNull();
    expect(featureImageUrl({ imageUrl: url, images: [image], content: `<p>Text.</p>${tag}` })).toBeNull();
    // In a pair, or referred to by its id alone.
    const pair = `<div class="image-pair" data-pair="c d"><img src="/x.png" data-image-id="c"><img src="/y.png" data-image-id="d"></div>`;
    expect(featureImageUrl({ imageUrl: url, images: [image], content: pair })).toBeNull();
  });
});
