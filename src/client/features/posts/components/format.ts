import type { AuthorKey } from "../../../../common/limits";

export { formatDate } from "../../../lib/format-date";

export const authorLabel = (author: AuthorKey) => (author === "him" ? "Him" : "Her");
