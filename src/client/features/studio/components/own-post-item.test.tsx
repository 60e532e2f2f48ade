import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OwnPostCard } from "../../../../common/types";
import { OwnPostItem } from "./own-post-item";

const draft = {
  id: "p1",
  slug: "my-take",
  title: "My take",
  status: "draft",
  date: "2026-11-01T00:00:00.000Z",
  author: "her",
} as unknown as OwnPostCard;
const render = (post: OwnPostCard) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(OwnPostItem, { post, postPath: (slug) => `/posts/${slug}`, onDone: () => {} }),
    ),
  );

describe("OwnPostItem and a take of a pair not yet revealed (decision 0046)", () => {
  it("offers no Publish and says it is revealed with the partner's take", () => {
    const html = render({ ...draft, sealedTake: true });
    expect(html).not.toContain("Publish");
    expect(html).not.toContain("Change date");
    expect(html).toContain("Two takes: revealed with your partner&#x27;s");
    expect(html).toContain('aria-label="Edit My take"');
  });

  it("an ordinary draft keeps its Publish", () => {
    const html = render(draft);
    expect(html).toContain('aria-label="Publish My take"');
    expect(html).not.toContain("Two takes");
  });
});

describe("OwnPostItem and a draft shared with the partner (decision 0050)", () => {
  it("says so, and keeps its own Publish", () => {
    const html = render({ ...draft, shared: true });
    expect(html).toContain("Shared with your partner");
    expect(html).toContain('aria-label="Publish My take"');
    expect(render(draft)).not.toContain("Shared with");
  });
});
