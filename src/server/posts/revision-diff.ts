import { diffLines, diffWordsWithSpace } from "diff";
import type { DiffPart, RevisionComparison } from "../../common/types";
import { readableDiff } from "./readable-diff";
import type { RevisionFields } from "./revisions.repository";

const parts = (changes: Array<{ value: string; added?: boolean; removed?: boolean }>): DiffPart[] =>
  changes.map((c) => ({
    value: c.value,
    ...(c.added ? { added: true } : {}),
    ...(c.removed ? { removed: true } : {}),
  }));

/** One block element (paragraph, heading, quote, list item, image pair) a line, for a readable line diff. */
export function contentLines(html: string): string {
  return `${html
    .replace(/(<\/(p|h2|h3|blockquote|li|ul|ol|figure|div)>|<br\s*\/?>)/gi, "$1\n")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n")}\n`;
}

const setDiff = (from: string[], to: string[]) => ({
  added: to.filter((x) => !from.includes(x)),
  removed: from.filter((x) => !to.includes(x)),
});

/** What changed from `base` to `target` (an empty base: everything was added). */
export function compareFields(
  base: RevisionFields | null,
  target: RevisionFields,
): RevisionComparison["changes"] {
  const from: RevisionFields = base ?? {
    title: "",
    excerpt: "",
    content: "",
    hashtags: [],
    images: [],
    imageUrl: null,
  };
  const hashtags = setDiff(from.hashtags, target.hashtags);
  const images = setDiff(
    from.images.map((i) => i.url),
    target.images.map((i) => i.url),
  );
  return {
    title: parts(diffWordsWithSpace(from.title, target.title)),
    excerpt: parts(diffWordsWithSpace(from.excerpt, target.excerpt)),
    content: parts(diffLines(from.content ? contentLines(from.content) : "", contentLines(target.content))),
    readable: readableDiff(from.content, target.content),
    hashtags,
    // A moved image shows in the content's lines (its marker moves).
    images,
    thumbnail: from.imageUrl === target.imageUrl ? null : { from: from.imageUrl, to: target.imageUrl },
  };
}

export function hasChanges(changes: RevisionComparison["changes"]): boolean {
  const textChanged = (p: DiffPart[]) => p.some((x) => x.added || x.removed);
  return (
    textChanged(changes.title) ||
    textChanged(changes.excerpt) ||
    textChanged(changes.content) ||
    changes.hashtags.added.length + changes.hashtags.removed.length > 0 ||
    changes.images.added.length + changes.images.removed.length > 0 ||
    changes.thumbnail !== null
  );
}
