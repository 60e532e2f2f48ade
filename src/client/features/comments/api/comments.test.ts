import { describe, expect, it } from "vitest";
import type { Comment } from "../../../../common/engagement";
import { withEditedComment, withNewComment } from "./comments";

const comment = (id: string, over: Partial<Comment> = {}): Comment => ({
  id,
  postId: "p1",
  author: "reader.ana",
  isAuthor: false,
  content: `text of ${id}`,
  userId: "u1",
  timestamp: "2026-11-01T00:00:00.000Z",
  parentId: null,
  replyTo: null,
  deleted: false,
  hidden: false,
  held: false,
  ...over,
});

const threads = (...pages: Comment[][]) => ({
  pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

describe("the answer to a new comment goes into the list without fetching it again", () => {
  it("a top-level comment comes first (SPEC §7: newest first)", () => {
    const next = withNewComment(threads([comment("a")], [comment("b")]), comment("new"));
    expect(next!.pages[0]!.items.map((c) => c.id)).toEqual(["new", "a"]);
    expect(next!.pages[1]!.items.map((c) => c.id)).toEqual(["b"]);
  });

  it("a reply comes last under its top-level comment, on whichever page that is", () => {
    const top = comment("b", { replies: [comment("r1", { parentId: "b" })] });
    const next = withNewComment(threads([comment("a")], [top]), comment("r2", { parentId: "b" }));
    expect(next!.pages[1]!.items[0]!.replies?.map((c) => c.id)).toEqual(["r1", "r2"]);
  });

  it("without its place loaded (no list, or the thread not on a loaded page) it asks again", () => {
    expect(withNewComment(undefined, comment("new"))).toBeNull();
    expect(withNewComment(threads([comment("a")]), comment("r", { parentId: "elsewhere" }))).toBeNull();
  });

  it("an edit replaces the text and keeps the replies, top-level or reply", () => {
    const top = comment("a", { replies: [comment("r1", { parentId: "a" })] });
    const edited = withEditedComment(threads([top]), comment("a", { content: "new words" }));
    expect(edited!.pages[0]!.items[0]).toMatchObject({ content: "new words", replies: [{ id: "r1" }] });
    const reply = withEditedComment(threads([top]), comment("r1", { parentId: "a", content: "fixed" }));
    expect(reply!.pages[0]!.items[0]!.replies![0]!.content).toBe("fixed");
    expect(withEditedComment(threads([top]), comment("gone"))).toBeNull();
  });
});
