import type { AuthorKey } from "../../../../common/limits";

export { formatDate } from "../../../lib/format-date";

export const authorLabel = (author: AuthorKey) => (author === "him" ? "Him" : "Her");

/** The name readers see: the one the author set, else 'Him' / 'Her'. */
export const authorName = (profile: { author: AuthorKey; name: string }): string =>
  profile.name || authorLabel(profile.author);
