import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoadMore } from "./load-more";

const props = { loading: false, failed: false, failedText: "Failed.", onLoadMore: () => {} };

describe("LoadMore", () => {
  it("with the next page's address it is a link, so the list walks without JavaScript", () => {
    const html = renderToStaticMarkup(<LoadMore {...props} hasMore href="?cursor=abc" />);
    expect(html).toContain(
      '<a href="?cursor=abc" class="button button-ghost" aria-disabled="false">Load more</a>',
    );
  });

  it("without one it stays a button; on the last page there is nothing", () => {
    expect(renderToStaticMarkup(<LoadMore {...props} hasMore />)).toContain('<button type="button"');
    expect(renderToStaticMarkup(<LoadMore {...props} hasMore={false} href="?cursor=abc" />)).toBe("");
  });
});
