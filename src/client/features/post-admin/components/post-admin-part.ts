import { signedInPart } from "../../../lib/signed-in-part";
// With the page, not the lazy part: the server-rendered actions are styled before any script runs.
import "../post-admin.css";

/** Edit and delete for the post's author, in a chunk a visitor never loads. */
export const PostAdminActions = signedInPart(() =>
  import("./signed-in-parts").then((m) => m.PostAdminActions),
);

/** Remove on each mention under the post, for its author, in the same chunk. */
export const MentionRemove = signedInPart(() => import("./signed-in-parts").then((m) => m.MentionRemove));
