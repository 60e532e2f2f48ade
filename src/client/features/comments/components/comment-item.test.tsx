import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Comment } from "../../../../common/engagement";
import { CommentItem } from "./comment-item";

const render = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, element));

describe("a reply from the social web in the comments", () => {
  const base: Comment = {
    id: "c1",
    postId: "p1",
    author: "Ana Lima (@ana@social.example)",
    isAuthor: false,
    content: "Lovely",
    userId: "ap_1",
    timestamp: "2026-11-01T00:00:00.000Z",
    parentId: null,
    replyTo: null,
    deleted: false,
    hidden: false,
    held: false,
  };
  const item = (comment: Comment) =>
    render(
      createElement(CommentItem, {
        comment,
        post: { id: "p1", author: "her" },
        viewer: null,
        highlighted: null,
        onDeleted: () => {},
      }),
    );

  it("shows our copy of the avatar and links the name to their profile; initials when none", () => {
    const remote = {
      profileUrl: "https://social.example/@ana",
      avatarUrl: "/uploads/avatars/1_a.webp",
      initials: "AL",
    };
    const html = item({ ...base, remote });
    expect(html).toContain('<img class="comment-avatar" src="/uploads/avatars/1_a.webp" alt=""/>');
    expect(html).toContain(
      '<a href="https://social.example/@ana" rel="nofollow ugc">Ana Lima (@ana@social.example)</a>',
    );
    const plain = item({ ...base, remote: { ...remote, avatarUrl: null } });
    expect(plain).toContain('<span class="comment-avatar" aria-hidden="true">AL</span>');
    expect(item(base)).not.toContain("comment-avatar");
  });
});
