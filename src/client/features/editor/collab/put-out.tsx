import { paths } from "../../../../common/routes";
import { COLLAB_TEXT } from "./use-collab";

/** What the partner sees once the author stopped sharing the draft (4403, decision 0050). */
export function PutOut() {
  return (
    <div className="post-form">
      <h1 id="edit-post-heading">Edit post</h1>
      <p className="form-error" role="alert">
        {COLLAB_TEXT.unshared}
      </p>
      <a className="button button-ghost" href={paths.studioPosts}>
        Back to the studio
      </a>
    </div>
  );
}
