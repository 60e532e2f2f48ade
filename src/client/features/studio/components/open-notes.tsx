import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import { useAuthorNames } from "../../../lib/author-names";
import { useOpenNotes } from "../api/open-notes";
import "../open-notes.css";

/** Where a note is answered: the post's inline editor, or the page's in the studio. */
const editorOf = (kind: "posts" | "pages", slug: string) =>
  kind === "posts" ? `${paths.post(slug)}?edit=1` : `${paths.studioPages}?page=${encodeURIComponent(slug)}`;

/**
 * Notes in the margin still open, across the drafts and pages (docs/writing-together.md): a
 * section of the Posts view, each note with its words, what it is on, and a link to that editor.
 */
export default function OpenNotes() {
  const notes = useOpenNotes();
  const nameOf = useAuthorNames();
  if (!notes.data?.length && !notes.isError) return null;
  return (
    <section className="open-notes" aria-labelledby="open-notes-heading">
      <h2 id="open-notes-heading">Open notes ({notes.data?.length ?? 0})</h2>
      {notes.isError ? (
        <p className="form-error" role="alert">
          The open notes could not be loaded: {notes.error.message}
        </p>
      ) : (
        <ul className="open-notes-list">
          {notes.data?.map((n) => (
            <li key={n.id} className="open-note">
              <Link to={editorOf(n.kind, n.slug)}>{n.title || "Untitled"}</Link>
              {n.quote ? <q className="open-note-quote">{n.quote}</q> : null}
              <p>{n.body}</p>
              <p className="field-hint">
                {nameOf(n.author)}
                {n.replies ? ` · ${n.replies === 1 ? "1 reply" : `${n.replies} replies`}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
