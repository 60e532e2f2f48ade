// The initials shown when a person has no picture: the first letter or digit of each of the
// first two words that have one (an emoji, a quote or a dash is not an initial), upper-cased.
// One rule for the authors (client) and for people from the social web (server).

const INITIAL = /[\p{L}\p{N}]/u;

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => INITIAL.exec(word)?.[0] ?? "")
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}
