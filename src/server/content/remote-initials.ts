import { initialsOf } from "../../common/rules/initials";

/**
 * 'Ana Lima (@ana@social.example)' → 'AL', '@bo@social.example' → 'B': the name's initials, not
 * the address's (computed here, so the reader's bundle carries no code for it).
 */
export function remoteInitials(author: string): string {
  const name = author
    .replace(/\s*\(@[^)]*\)$/, "")
    .replace(/^@/, "")
    .split("@")[0]!;
  return initialsOf(name);
}
