import { type ReactNode, useState } from "react";
import type { BlogPostCard } from "../../../../common/types";
import { useOwnPosts } from "../api/own-posts";
import { statusText } from "./format";
import { RevisionsPanel } from "./revisions-panel";
import "../studio.css";

interface Props {
  /** The page of a post (the route table lives in the app). */
  /** A post's address from its slug. */
  postPath: (slug: string) => string;
  /** Extra facts on a post's row (its view count, from the stats feature). */
  rowExtra?: (postId: string) => ReactNode;
}

function OwnPostItem({ post, postPath, rowExtra }: { post: BlogPostCard } & Props) {
  const [showHistory, setShowHistory] = useState(false);
  const isPublic = post.status === "published";
  const panelId = `revisions-${post.id}`;
  return (
    <li className="own-post" data-status={post.status}>
      <div className="own-post-row">
        <div className="own-post-text">
          <h3 className="own-post-title">{post.title}</h3>
          <p className="own-post-meta">
            <span className={`studio-badge studio-badge--${post.status}`}>
              {statusText(post.status, post.date)}
            </span>{" "}
            {rowExtra?.(post.id)}
          </p>
        </div>
        <div className="own-post-actions">
          {/* Control names start with their visible text, then say which post. */}
          <a
            className="button button-ghost"
            href={`${postPath(post.slug)}?edit=1`}
            aria-label={`Edit ${post.title}`}
          >
            Edit
          </a>
          <a
            className="button button-ghost"
            href={postPath(post.slug)}
            aria-label={`${isPublic ? "View" : "Preview"} ${post.title}`}
          >
            {isPublic ? "View" : "Preview"}
          </a>
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={showHistory}
            aria-controls={panelId}
            aria-label={`Revisions of ${post.title}`}
            onClick={() => setShowHistory((v) => !v)}
          >
            Revisions
          </button>
        </div>
      </div>
      {showHistory ? <RevisionsPanel id={panelId} postId={post.id} title={post.title} /> : null}
    </li>
  );
}

/** /admin 'Your posts': the author's drafts, scheduled and published posts, newest first. */
export default function YourPosts({ postPath, rowExtra }: Props) {
  const query = useOwnPosts();
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="your-posts" aria-labelledby="your-posts-heading">
      <h2 id="your-posts-heading">Your posts</h2>
      {query.isPending ? (
        <p aria-busy="true">Loading your posts...</p>
      ) : query.isError ? (
        <p className="studio-error" role="alert">
          Failed to load your posts
        </p>
      ) : posts.length === 0 ? (
        <p>No posts yet. Write your first one above.</p>
      ) : (
        <ul className="own-posts">
          {posts.map((post) => (
            <OwnPostItem key={post.id} post={post} postPath={postPath} rowExtra={rowExtra} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-ghost"
          aria-disabled={query.isFetchingNextPage}
          onClick={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? "Loading..." : "Load more posts"}
        </button>
      ) : null}
    </section>
  );
}
