import { Link } from "react-router";
import { IMAGE_SIZES } from "../../../../common/rules/image-sources";
import type { BlogPostCard } from "../../../../common/types";
import { ResponsiveImage } from "../../../components/ui/responsive-image";
import { siteBlogName } from "../../../lib/shell-data";
import { authorName, formatDate } from "./format";

/** A thumbnail whose size is not recorded still gets the box's own ratio (16:10, posts.css). */
const BOX = { width: 480, height: 300 };

export function PostCard({
  post,
  href,
  priority = false,
  showBlog = false,
}: {
  post: BlogPostCard;
  href: string;
  /** The page's first image (the first card of the first list): loaded at once. */
  priority?: boolean;
  /** Label the card with its blog, where both blogs mix (home). */
  showBlog?: boolean;
}) {
  return (
    <article className={`post-card post-card--${post.author}`}>
      {post.imageUrl ? (
        <ResponsiveImage
          className="post-card-image"
          src={post.imageUrl}
          width={post.imageWidth ?? BOX.width}
          height={post.imageHeight ?? BOX.height}
          sizes={IMAGE_SIZES.card}
          alt=""
          priority={priority}
        />
      ) : (
        // No thumbnail: a tinted block with the title's first letter, the same size as an image.
        <div className="post-card-image post-card-placeholder" aria-hidden="true">
          <span>{initialOf(post.title)}</span>
        </div>
      )}
      <div className="post-card-body">
        {showBlog ? (
          <p className={`post-card-blog post-card-blog--${post.author}`}>{siteBlogName(post.author)}</p>
        ) : null}
        <h2 className="post-card-title">
          <Link to={href}>{post.title}</Link>
        </h2>
        <p className="post-meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>By {authorName({ author: post.author, name: post.authorName ?? "" })}</span>
        </p>
        {post.excerpt ? <p className="post-card-excerpt">{post.excerpt}</p> : null}
      </div>
    </article>
  );
}

/** The first letter or digit of the title (a title may start with a quote or an emoji). */
const initialOf = (title: string) => (/[\p{L}\p{N}]/u.exec(title)?.[0] ?? "·").toUpperCase();
