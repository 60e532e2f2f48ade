import type { ReactNode } from "react";
import { paths } from "../../../../common/routes";
import { useLatestPosts } from "../api/latest-posts";
import { PostCard } from "./post-card";
import { LIST_EMPTY_TEXT, LIST_FAILED_TEXT } from "./post-list";
import "../reading.css";

export const LATEST_POSTS_TITLE = "Latest posts";

/** Home: the newest posts of both blogs, each labelled with its blog. */
export function LatestPosts() {
  const query = useLatestPosts();
  let body: ReactNode;
  if (query.data) {
    // The hero and featured cards have no images: the first card with one has the page's first.
    const first = query.data.items.findIndex((post) => post.imageUrl);
    body =
      query.data.items.length === 0 ? (
        <p className="list-status">{LIST_EMPTY_TEXT}</p>
      ) : (
        <div className="post-grid">
          {query.data.items.map((post, i) => (
            <PostCard
              key={post.id}
              post={post}
              href={paths.post(post.slug)}
              showBlog
              priority={i === first}
            />
          ))}
        </div>
      );
  } else if (query.isError) {
    body = (
      <p className="list-status list-error" role="alert">
        {LIST_FAILED_TEXT}
      </p>
    );
  } else {
    body = (
      <p className="list-status" aria-busy="true">
        Loading posts...
      </p>
    );
  }
  return (
    <section className="latest-posts" aria-labelledby="latest-posts-title">
      <h2 id="latest-posts-title">{LATEST_POSTS_TITLE}</h2>
      {body}
    </section>
  );
}
