import type { AuthorKey } from "../../../../common/limits";
import { publicAuthorName } from "../../../../common/site-names";

export { formatDate } from "../../../lib/format-date";

/** The name readers see: the one the author set, else 'Him' / 'Her' (publicAuthorName). */
export const authorName = (profile: { author: AuthorKey; name?: string }): string =>
  publicAuthorName(profile.author, profile.name);
