import { describe, expect, it } from "vitest";
import { metaDescription, postPageTitle } from "./meta";

describe("meta description rule (SPEC §2)", () => {
  it("is the first 160 characters of the post's text", () => {
    const text = "word ".repeat(60);
    const description = metaDescription(`<h2>Title</h2><p>${text}</p>`);
    expect(description).toHaveLength(160);
    expect(description.startsWith("Title. word word")).toBe(true);
  });

  it("is the whole text when shorter, without an ellipsis", () => {
    expect(metaDescription("<p>A short post.</p>")).toBe("A short post.");
  });

  it("uses the fallback when the content has no text", () => {
    expect(metaDescription('<img src="/uploads/blog-images/1_a.jpg" alt="">', "An excerpt")).toBe(
      "An excerpt",
    );
  });

  it("post page title ends with ' - {product} Blog'", () => {
    expect(postPageTitle("Autumn in Kyoto", "Duet")).toBe("Autumn in Kyoto - Duet Blog");
  });
});
