import { paths } from "../../../../common/routes";
import { COLLAB_TEXT } from "./use-collab";

/**
 * What the partner sees once the draft is no longer theirs to write (decision 0050): its author
 * stopped sharing it (4403), or published it (the room's reset reloaded it, now public).
 */
export function PutOut({ published = false }: { published?: boolean }) {
  return (
    <div className="post-form">
      <h1 id="edit-post-heading">Edit post</h1>
      <p className="form-error" role="alert">
        {published ? COLLAB_TEXT.publishedByAuthor : COLLAB_TEXT.unshared}
      </p>
      <a className="button button-ghost" href={paths.studioPosts}>
        Back to the studio
      </a>
    </div>
  );
}
