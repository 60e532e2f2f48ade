import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { OWN_POST_FILTERS, type OwnPostFilter } from "../../../../common/schemas/own-posts";
import { LoadMore, nextPageOf } from "../../../components/ui/load-more";
import { useOwnPosts } from "../api/own-posts";
import { OwnPostItem } from "./own-post-item";
import "../studio.css";
import "../posts-list.css";

interface Props {
  /** The page of a post (the route table lives in the app). */
  /** A post's address from its slug. */
  postPath: (slug: string) => string;
  /** Extra facts on a post's row (its view count, from the stats feature). */
  rowExtra?: (postId: string) => ReactNode;
}

const FILTER_LABEL: Record<OwnPostFilter, string> = {
  all: "All",
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
};
const SEARCH_DELAY_MS = 300;

const asFilter = (raw: string | null): OwnPostFilter =>
  (OWN_POST_FILTERS as readonly string[]).includes(raw ?? "") ? (raw as OwnPostFilter) : "all";

/** The filter and the search live in the address: a deep link or Back shows the same list. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = asFilter(params.get("status"));
  const q = (params.get("q") ?? "").trim();
  const set = (next: { status?: OwnPostFilter; q?: string }) => {
    const merged = { status, q, ...next };
    const out = new URLSearchParams();
    if (merged.status !== "all") out.set("status", merged.status);
    if (merged.q.trim()) out.set("q", merged.q.trim());
    setParams(out, { replace: true });
  };
  return { status, q, set };
}

/** The studio's Posts page: the author's posts, newest first, by status and title, a page at a time. */
export default function YourPosts({ postPath, rowExtra }: Props) {
  const { status, q, set } = useListParams();
  const [words, setWords] = useState(q);
  const [message, setMessage] = useState<{ text: string; kind: "success" | "error" } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const query = useOwnPosts(status, q);
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];

  // Typing searches after a pause; the address keeps the words.
  useEffect(() => {
    if (words.trim() === q) return;
    const timer = window.setTimeout(() => set({ q: words }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  });
  const onDone = (text: string, kind: "success" | "error") => setMessage({ text, kind });
  // The row may be gone (deleted, re-dated onto a later page, out of this filter): focus goes to
  // what happened, once the list that changed with it has rendered.
  useEffect(() => {
    if (!message) return;
    const frame = window.requestAnimationFrame(() => messageRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, [message]);
  const filtered = status !== "all" || q !== "";

  return (
    <section className="your-posts" aria-labelledby="your-posts-heading">
      <h2 id="your-posts-heading">Your posts</h2>
      <search className="posts-filters" aria-label="Filter your posts">
        <label>
          Show
          <select
            className="input"
            value={status}
            onChange={(e) => set({ status: asFilter(e.target.value) })}
          >
            {OWN_POST_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABEL[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search by title
          <input
            className="input"
            type="search"
            value={words}
            maxLength={200}
            onChange={(e) => setWords(e.target.value)}
          />
        </label>
      </search>
      <p
        ref={messageRef}
        tabIndex={-1}
        className={`posts-message ${message?.kind === "error" ? "form-error" : "studio-success"}`}
        role={message?.kind === "error" ? "alert" : "status"}
      >
        {message?.text ?? ""}
      </p>
      {query.isPending ? (
        <p aria-busy="true">Loading your posts...</p>
      ) : query.isError ? (
        <p className="studio-error" role="alert">
          Failed to load your posts
        </p>
      ) : posts.length === 0 ? (
        <p>{filtered ? "No posts match." : "No posts yet. Write your first one in Write."}</p>
      ) : (
        <ul className="own-posts" aria-busy={query.isPlaceholderData || undefined}>
          {posts.map((post) => (
            <OwnPostItem key={post.id} post={post} postPath={postPath} rowExtra={rowExtra} onDone={onDone} />
          ))}
        </ul>
      )}
      <LoadMore
        {...nextPageOf(query)}
        failedText="Failed to load more posts. Please try again."
        label="Load more posts"
        align="start"
      />
    </section>
  );
}
