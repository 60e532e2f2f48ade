import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DraftNote } from "../../../../common/notes";
import { NoteItem } from "./note-item";

const note: DraftNote = {
  id: "n1",
  kind: "pages",
  docId: "d1",
  author: "her",
  anchor: { start: "AA==", end: "AA==" },
  quote: "harbour",
  body: "Which one?",
  resolvedAt: null,
  resolvedBy: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  replies: [
    { id: "r1", author: "him", body: "Porto's.", createdAt: "2026-12-01T10:05:00.000Z" },
    { id: "r2", author: "her", body: "Thanks.", createdAt: "2026-12-01T10:06:00.000Z" },
  ],
};
const render = (me: "him" | "her") =>
  renderToString(
    <NoteItem
      note={note}
      found
      me={me}
      nameOf={(a) => (a === "him" ? "Leo" : "Maya")}
      busy={false}
      onShow={() => {}}
      onReply={async () => {}}
      onResolve={() => {}}
      onDelete={() => {}}
      onDeleteReply={() => {}}
    />,
  );
const count = (html: string, text: string) => html.split(text).length - 1;

describe("a note's replies", () => {
  it("offer Delete on one's own replies only", () => {
    expect(count(render("him"), 'aria-label="Delete your reply"')).toBe(1);
    expect(count(render("her"), 'aria-label="Delete your reply"')).toBe(1);
    // His view: his reply has it, her note has no Delete of his.
    const his = render("him");
    expect(his.indexOf("Porto&#x27;s.")).toBeLessThan(his.indexOf('aria-label="Delete your reply"'));
    expect(his.indexOf('aria-label="Delete your reply"')).toBeLessThan(his.indexOf("Thanks."));
    expect(count(his, ">Delete</button>")).toBe(1);
    // Her view: her note's Delete and her reply's.
    expect(count(render("her"), ">Delete</button>")).toBe(2);
  });
});
