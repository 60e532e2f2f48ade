import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Comment } from "../../../../common/engagement";
import type { Page } from "../../../../common/types";
import { commentAnchor } from "../comments-text";

/** How many further pages a permalink may load to find its comment. */
const MAX_PAGES_TO_FIND = 10;

const targetOf = (hash: string) => (hash.startsWith("#comment-") ? hash.slice("#comment-".length) : null);

const contains = (pages: Page<Comment>[], id: string) =>
  pages.some((p) => p.items.some((c) => c.id === id || c.replies?.some((r) => r.id === id)));

/**
 * A permalink (`#comment-{id}`) scrolls to its comment and highlights it, loading further pages
 * until it is found; following one on the page works the same way.
 */
export function usePermalink(
  query: UseInfiniteQueryResult<InfiniteData<Page<Comment>, string | null>, Error>,
): string | null {
  const [target, setTarget] = useState<string | null>(() =>
    typeof window === "undefined" ? null : targetOf(window.location.hash),
  );
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    const onHash = () => setTarget(targetOf(window.location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const pages = query.data?.pages;
  useEffect(() => {
    if (!target || !pages) return;
    if (!contains(pages, target)) {
      if (query.hasNextPage && !query.isFetchingNextPage && pages.length < MAX_PAGES_TO_FIND) {
        void query.fetchNextPage();
      }
      return;
    }
    const el = document.getElementById(commentAnchor(target));
    if (!el) return;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
    setShown(target);
    setTarget(null);
  }, [target, pages, query]);

  return shown;
}
