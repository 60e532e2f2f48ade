import { useQuery } from "@tanstack/react-query";
import { sharedWithMe } from "../../../../common/api";
import { paths } from "../../../../common/routes";
import { call } from "../../../lib/api";
import "../open-notes.css";

/**
 * Draft sharing (docs/decisions/0050-draft-sharing.md): the partner's drafts and scheduled posts
 * shared with this author, each opening in the editor to write it together. Hidden when none.
 */
export default function SharedWithYou() {
  const shared = useQuery({
    queryKey: ["posts", "shared-with-me"],
    queryFn: ({ signal }) => call(sharedWithMe, { signal }),
  });
  if (!shared.data?.items.length && !shared.isError) return null;
  return (
    <section className="open-notes" aria-labelledby="shared-with-you-heading">
      <h2 id="shared-with-you-heading">Shared with you ({shared.data?.items.length ?? 0})</h2>
      {shared.isError ? (
        <p className="form-error" role="alert">
          The drafts shared with you could not be loaded: {shared.error.message}
        </p>
      ) : (
        <ul className="open-notes-list">
          {shared.data?.items.map((post) => (
            <li key={post.id} className="open-note">
              <a href={`${paths.post(post.slug)}?edit=1`} aria-label={`Edit ${post.title || "Untitled"}`}>
                {post.title || "Untitled"}
              </a>
              <p className="field-hint">
                {post.status === "scheduled" ? "Scheduled" : "Draft"} · your partner's, shared with you
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
