import { describe, expect, it } from "vitest";
import { handleFromAuthor } from "./remote-people";
import { replyHtml } from "./reply-notes";

describe("a reply's Note text", () => {
  const mention = { href: "https://remote.example/@alice", handle: "@alice@remote.example" };

  it("mentions whom it answers and escapes the comment's text into paragraphs", () => {
    expect(replyHtml({ text: "Hi <b>you</b>\nline\n\nnext", writer: null, mention })).toBe(
      '<p><span class="h-card"><a href="https://remote.example/@alice" class="u-url mention">@<span>alice</span></a></span> Hi &#60;b&#62;you&#60;/b&#62;<br>line</p><p>next</p>',
    );
  });

  it("says who wrote it when the post's author did not", () => {
    expect(replyHtml({ text: "Agreed", writer: "sam", mention })).toContain("</span> sam wrote: Agreed</p>");
  });

  it("reads the remote handle from a remote comment's shown name", () => {
    expect(handleFromAuthor("Alice Remote (@alice@remote.example)")).toBe("@alice@remote.example");
    expect(handleFromAuthor("@bob@x.example")).toBe("@bob@x.example");
    expect(handleFromAuthor("sam")).toBeNull();
  });
});
