import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlogPost } from "../../../../common/types";
import { ShareToggle } from "./share-toggle";

const post = { id: "p1", slug: "a", title: "A", status: "draft", author: "him" } as unknown as BlogPost;
const render = (shared: boolean, author: "him" | "her" = "him") =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(ShareToggle, { post: { ...post, author }, shared }),
    ),
  );

describe("ShareToggle (decision 0050)", () => {
  it("offers to share with the other author by name, and says nothing until shared", () => {
    expect(render(false)).toContain(">Share with Her<");
    expect(render(false, "her")).toContain(">Share with Him<");
    expect(render(false)).not.toContain("Stop sharing");
  });

  it("once shared, offers to stop and says what the share means, as a status", () => {
    const html = render(true);
    expect(html).toContain(">Stop sharing<");
    expect(html).toContain('role="status"');
    expect(html).toContain("Shared with Her: you can both open this draft and write it together.");
  });
});
