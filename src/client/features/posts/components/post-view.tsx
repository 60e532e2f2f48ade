import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BlogPost } from "../../../../common/types";
import { authorLabel, formatDate } from "./format";
import { PostContent } from "./post-content";

export interface PostViewProps {
  post: BlogPost;
  /** Link target of a hashtag (the tag page). */
  tagHref: (tag: string) => string;
  /** Above the article: the back button. */
  top?: ReactNode;
  /** The author's edit/delete actions, beside the title. */
  actions?: ReactNode;
  /** The like control; a plain count when absent. */
  like?: ReactNode;
  /** Beside the likes: the share button. */
  share?: ReactNode;
  /** The content's first image is the page's first image (false when an image comes before it). */
  priorityFirstImage?: boolean;
}

/** The read view of one post (SPEC §2): title, author, date, content, hashtags, likes. */
export function PostView({
  post,
  tagHref,
  top,
  actions,
  like,
  share,
  priorityFirstImage = true,
}: PostViewProps) {
  const updated = formatDate(post.lastUpdated);
  return (
    <article className="post">
      {top}
      <header className="post-header">
        <h1 className="post-title">{post.title}</h1>
        <p className="post-meta">
          <span>By {authorLabel(post.author)}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {updated && post.lastUpdated ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="post-updated">
                Updated <time dateTime={post.lastUpdated}>{updated}</time>
              </span>
            </>
          ) : null}
        </p>
        {actions ? <div className="post-actions">{actions}</div> : null}
      </header>
      <PostContent html={post.content} images={post.images} priorityFirst={priorityFirstImage} />
      {post.hashtags.length > 0 ? (
        <ul className="post-tags" aria-label="Hashtags">
          {post.hashtags.map((tag) => (
            <li key={tag}>
              <Link to={tagHref(tag)} className="tag-link">
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="post-footer">
        {like ?? (
          <p className="post-likes">
            <span aria-hidden="true">♥ </span>
            {post.likes} {post.likes === 1 ? "like" : "likes"}
          </p>
        )}
        {share}
      </footer>
    </article>
  );
}
