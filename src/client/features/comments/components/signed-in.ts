import { signedInPart } from "../../../lib/signed-in-part";

// What only a signed-in reader or author sees of the comments, in one chunk a visitor never loads.
const parts = () => import("./signed-in-parts");

export const CommentForm = signedInPart(() => parts().then((m) => m.CommentForm));
export const CommentEditForm = signedInPart(() => parts().then((m) => m.CommentEditForm));
export const ModerationActions = signedInPart(() => parts().then((m) => m.ModerationActions));
