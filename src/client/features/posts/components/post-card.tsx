import { Link } from "react-router";
import type { BlogPostCard } from "../../../../common/types";
import { authorLabel, formatDate, hideBrokenImage, hideIfAlreadyBroken } from "./format";

export function PostCard({ post, href }: { post: BlogPostCard; href: string }) {
  return (
    <article className="post-card">
      {post.imageUrl ? (
        <img
          className="post-card-image"
          src={post.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          onError={hideBrokenImage}
          ref={hideIfAlreadyBroken}
        />
      ) : null}
      <div className="post-card-body">
        <h2 className="post-card-title">
          <Link to={href}>{post.title}</Link>
        </h2>
        <p className="post-meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>By {authorLabel(post.author)}</span>
        </p>
        {post.excerpt ? <p className="post-card-excerpt">{post.excerpt}</p> : null}
      </div>
    </article>
  );
}
