import { AUTHORS, type AuthorKey } from "../../../common/limits";
import { ArchiveError } from "../format";

/** `--author EMAIL=him` options → email → author value. */
export function parseAuthorMap(values: string[]): Map<string, AuthorKey> {
  const map = new Map<string, AuthorKey>();
  for (const value of values) {
    const [email, author] = value.split("=");
    if (!email?.includes("@") || !AUTHORS.includes(author as AuthorKey))
      throw new ArchiveError(`--author ${value}: write it as --author EMAIL=him or --author EMAIL=her.`);
    map.set(email.trim().toLowerCase(), author as AuthorKey);
  }
  return map;
}

/** The author value of a source author, or an error naming every author still to map. */
export function authorOf(map: Map<string, AuthorKey>, email: string, everyone: string[]): AuthorKey {
  const found = map.get(email.trim().toLowerCase());
  if (found) return found;
  const missing = [...new Set(everyone.map((e) => e.toLowerCase()))].filter((e) => !map.has(e));
  throw new ArchiveError(
    `Each author of the export must be mapped to 'him' or 'her': add ${missing.map((e) => `--author ${e}=him|her`).join(" ")}.`,
  );
}
