import { AUTHORS, type AuthorKey } from "../../../common/limits";
import { ArchiveError } from "../format";

/** How the command chose the authors: `--author NAME=him|her` options and `--default-author`. */
export interface AuthorChoice {
  /** Any name the export gives an author by (login, email, display name), lower case → author. */
  map: Map<string, AuthorKey>;
  /** Who writes the posts of every author `--author` does not name (null: such posts are refused). */
  fallback: AuthorKey | null;
}

const AUTHOR_NAME_MAX = 200;
const keyOf = (name: string) => name.trim().toLowerCase();
const isAuthor = (v: string | undefined): v is AuthorKey => AUTHORS.includes(v as AuthorKey);

/**
 * `--author NAME=him` options → name → author value. The name is whatever the export calls the
 * author (a creator spelled `>themereviewteam` must be nameable too), so only the last
 * `=` separates it.
 */
export function parseAuthorMap(values: string[]): Map<string, AuthorKey> {
  const map = new Map<string, AuthorKey>();
  for (const value of values) {
    const at = value.lastIndexOf("=");
    const name = at > 0 ? keyOf(value.slice(0, at)) : "";
    const author = value.slice(at + 1);
    if (!name || name.length > AUTHOR_NAME_MAX || !isAuthor(author))
      throw new ArchiveError(
        `--author ${value.slice(0, AUTHOR_NAME_MAX)}: write it as --author NAME=him or --author NAME=her (NAME: the author's login, email or display name in the export).`,
      );
    map.set(name, author);
  }
  return map;
}

export function parseDefaultAuthor(value: string | undefined): AuthorKey | null {
  if (value === undefined) return null;
  if (!isAuthor(value))
    throw new ArchiveError(
      `--default-author ${value.slice(0, 20)}: write it as --default-author him or --default-author her.`,
    );
  return value;
}

export interface PostByline {
  title: string;
  /** The names the export gives this post's author by; empty when it names none. */
  names: string[];
  /** How messages name the author (email, else login, else what the post says). */
  label: string;
}

const quoted = (titles: string[]) => titles.map((t) => `'${t}'`).join(", ");
/** A name as the shell must be given it (`>themereviewteam` would redirect unquoted). */
const shellWord = (s: string) => (/^[\w@.+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/**
 * The author of each post: the first of its names that `--author` maps, else `--default-author`
 * with a warning listing the posts concerned. Without a default, every author still to map is
 * named in one message (nothing is imported).
 */
export function assignAuthors(posts: PostByline[], choice: AuthorChoice, warnings: string[]): AuthorKey[] {
  const unmapped = new Map<string, string[]>();
  const authors = posts.map((post) => {
    for (const name of post.names) {
      const found = choice.map.get(keyOf(name));
      if (found) return found;
    }
    unmapped.set(post.label, [...(unmapped.get(post.label) ?? []), post.title]);
    return choice.fallback ?? "him";
  });
  if (unmapped.size === 0) return authors;
  if (!choice.fallback) {
    const named = [...unmapped.keys()].filter(Boolean).map((l) => `--author ${shellWord(l)}=him|her`);
    const lead = "Each author of the export must be mapped to 'him' or 'her'";
    throw new ArchiveError(
      named.length > 0
        ? `${lead}: add ${named.join(" ")}, or --default-author him|her for every author not named.`
        : `${lead}, and some posts name no author: add --default-author him|her.`,
    );
  }
  for (const [label, titles] of unmapped)
    warnings.push(
      `${titles.length} ${titles.length === 1 ? "post" : "posts"} by ${label ? `'${label}'` : "no named author"} (not named by --author) went to '${choice.fallback}' (--default-author): ${quoted(titles)}.`,
    );
  return authors;
}
