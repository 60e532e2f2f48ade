import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToLine, htmlToText } from "./entities";

// Entities of imported text are decoded exactly once.

describe("decodeEntities", () => {
  it("decodes named, decimal and hex entities once, leaving unknown names and bare ampersands", () => {
    expect(
      decodeEntities("It&#039;s &quot;ours&quot; &amp; &#x27;yours&#x27; &eacute;t&eacute; &hellip;"),
    ).toBe("It's \"ours\" & 'yours' été …");
    expect(decodeEntities("&amp;lt;b&amp;gt; &amp;#039;")).toBe("&lt;b&gt; &#039;");
    expect(decodeEntities("Q&A &notanentity; &#0; &#xD800; &#99999999;")).toBe(
      "Q&A &notanentity; &#0; &#xD800; &#99999999;",
    );
  });
});

describe("htmlToText", () => {
  it("removes tags before decoding, so encoded markup stays text", () => {
    expect(htmlToText("<p>The <code>&lt;blockquote&gt;</code> tag</p>")).toBe("The <blockquote> tag");
    expect(htmlToText("<p>One</p><p>Two<br>three</p><script>x()</script><!-- c -->")).toBe("One\nTwo\nthree");
    expect(htmlToLine("Markup: Title <em>With</em>\n <b>Mark<sup>up</sup></b>")).toBe(
      "Markup: Title With Markup",
    );
  });
});
