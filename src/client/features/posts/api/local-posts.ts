import { LOCAL_POSTS_STORAGE_KEY } from "../../../../common/limits";
import type { BlogPostCard } from "../../../../common/types";

// SPEC §3: a local-storage list of blogPosts serves as a fallback when the server can't be reached.
const MAX_STORED = 200;

const byNewest = (a: BlogPostCard, b: BlogPostCard) =>
  b.date < a.date ? -1 : b.date > a.date ? 1 : b.id < a.id ? -1 : 1;

/** Remember posts a list loaded, merged with those of other lists (newest first, bounded). */
export function storeLocalPosts(posts: BlogPostCard[]): void {
  if (posts.length === 0) return;
  try {
    const known = new Map<string, BlogPostCard>();
    for (const p of readLocalPosts() ?? []) known.set(p.id, p);
    for (const p of posts) known.set(p.id, p);
    const list = [...known.values()].sort(byNewest).slice(0, MAX_STORED);
    localStorage.setItem(LOCAL_POSTS_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the fallback is a nicety, never a reason to fail the page.
  }
}

/** The stored list, or null when there is none or it can't be read. */
export function readLocalPosts(): BlogPostCard[] | null {
  try {
    const raw = localStorage.getItem(LOCAL_POSTS_STORAGE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return null;
    return data.filter(
      (p): p is BlogPostCard =>
        !!p &&
        typeof p === "object" &&
        typeof (p as BlogPostCard).id === "string" &&
        typeof (p as BlogPostCard).title === "string",
    );
  } catch {
    return null;
  }
}
