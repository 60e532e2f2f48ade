import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostMentions, sourceHost } from "./post-mentions";

const mention = {
  id: "1",
  authorName: "Alice <Example>",
  authorUrl: "https://alice.example/",
  authorPhoto: null as string | null,
  source: "https://alice.example/notes/1",
  excerpt: "Lovely <b>indeed</b>.",
  date: "2026-12-01T10:00:00.000Z",
};

describe("PostMentions (server-rendered, no script)", () => {
  it("a heading, a list, the author linking out, the source's host, the excerpt as text, the date", () => {
    const html = renderToString(<PostMentions mentions={[mention]} />);
    expect(html).toContain('<h2 id="mentions-heading">Mentions</h2>');
    expect(html).toMatch(/<ul class="post-mentions-list"><li class="post-mention">/);
    expect(html).toContain('<a href="https://alice.example/" rel="nofollow ugc">Alice &lt;Example&gt;</a>');
    expect(html).toContain(
      'mentioned this on<!-- --> <a href="https://alice.example/notes/1" rel="nofollow ugc">alice.example</a>',
    );
    expect(html).toContain("Lovely &lt;b&gt;indeed&lt;/b&gt;.");
    expect(html).toContain('<time class="post-mention-date" dateTime="2026-12-01T10:00:00.000Z">');
  });

  it("the author's photo is our copy beside the name, their initials when there is none", () => {
    const photo = "/uploads/avatars/1_ab.webp";
    const withPhoto = renderToString(<PostMentions mentions={[{ ...mention, authorPhoto: photo }]} />);
    expect(withPhoto).toContain(
      `<img class="post-mention-photo" src="${photo}" alt="" width="24" height="24"/>`,
    );
    const without = renderToString(<PostMentions mentions={[mention]} />);
    expect(without).not.toContain("<img");
    expect(without).toContain('<span class="post-mention-photo" aria-hidden="true">AE</span>');
  });

  it("an author without a name or a URL is named by the source's host, not linked", () => {
    const html = renderToString(
      <PostMentions mentions={[{ ...mention, authorName: null, authorUrl: null }]} />,
    );
    expect(html).toContain("<span>alice.example</span>");
    expect(sourceHost("not a url")).toBe("not a url");
  });

  it("the author's actions go on each mention, with a focusable heading and a status line", () => {
    const html = renderToString(
      <PostMentions mentions={[mention]} actions={(m) => <button type="button">Remove {m.id}</button>} />,
    );
    expect(html).toContain('<h2 id="mentions-heading" tabindex="-1">Mentions</h2>');
    expect(html).toContain('<button type="button">Remove <!-- -->1</button></li>');
    expect(html).toContain('<p class="post-mention-note" role="status"></p>');
  });

  it("shows nothing for no mentions (no actions' status line either)", () => {
    expect(renderToString(<PostMentions mentions={[]} actions={() => null} />)).toBe("");
  });
});
