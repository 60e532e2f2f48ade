import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuthorProfile, BlogPost, PairReading } from "../../../../common/types";
import { setServerSanitizer } from "../../../lib/sanitize";
import { TwoTakesView } from "./two-takes";

const post = (author: "him" | "her", text: string): BlogPost => ({
  id: `${author}-id`,
  slug: `${author}-take`,
  title: `${text} title`,
  excerpt: "",
  author,
  date: "2026-12-01T10:00:00.000Z",
  status: "published",
  imageUrl: null,
  hashtags: [`${author}tag`],
  likes: 0,
  lastUpdated: null,
  content: `<p>${text} body.</p>`,
  images: [],
  sendToFollowers: true,
});
const profile = (author: "him" | "her", name: string): AuthorProfile => ({
  author,
  name,
  bio: "",
  photoUrl: null,
  photoWidth: null,
});
const pair: PairReading = {
  id: "p",
  topic: "Lisbon",
  prompt: "The best meal of the trip",
  takes: [
    { post: post("her", "Sardines"), author: profile("her", "Maya") },
    { post: post("him", "Custard"), author: profile("him", "Leo") },
  ],
};

describe("TwoTakesView (rendered as the server does)", () => {
  it("shows the topic, the prompt and both takes, each with its author, date and own anchor", () => {
    setServerSanitizer((clean) => clean);
    const html = renderToString(
      <MemoryRouter>
        <TwoTakesView pair={pair} tagHref={(tag) => `/tags/${tag}`} />
      </MemoryRouter>,
    );
    expect(html).toContain('<h1 class="post-title">Lisbon</h1>');
    expect(html).toContain("The best meal of the trip");
    for (const [author, name, text] of [
      ["her", "Maya", "Sardines"],
      ["him", "Leo", "Custard"],
    ]) {
      expect(html).toContain(`id="take-${author}"`);
      // The jump links of a phone's one column.
      expect(html).toContain(`href="#take-${author}">${name}&#x27;s take</a>`);
      expect(html).toContain(`${text} body.`);
      expect(html).toMatch(
        new RegExp(`By <a href="/${author === "him" ? "his" : "her"}-blog"[^>]*>${name}</a>`),
      );
      expect(html).toContain(`href="/tags/${author}tag"`);
    }
    expect(html).toContain("2026-12-01T10:00:00.000Z");
    // Her take first, as the pair gives them.
    expect(html.indexOf('id="take-her"')).toBeLessThan(html.indexOf('id="take-him"'));
  });
});
