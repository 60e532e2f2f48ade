import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import { readingTimeLabel } from "../../../../common/rules/reading-time";
import type { BlogPost, PostReading } from "../../../../common/types";
import { AuthorAvatar } from "./author-avatar";
import { AuthorCard } from "./author-card";
import { FeatureImage, featureImageUrl } from "./feature-image";
import { authorName, formatDate } from "./format";
import { PostContent } from "./post-content";
import { type MentionActions, PostMentions } from "./post-mentions";
import { PostNeighbours } from "./post-neighbours";
import { PostTags } from "./post-tags";
import { BlueskyLine, SocialWebLine } from "./social-web-line";
import { TwoTakesView } from "./two-takes";
import "../reading.css";

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
  /** Reading time, author profile, previous/next post: shown once known. */
  reading?: PostReading | null;
  /** The post's author's Remove on each mention. */
  mentionActions?: MentionActions;
}

/**
 * The read view of one post (SPEC §2): title, author, date, content, hashtags, likes; around it
 * the author's photo and bio, the reading time, the feature image, and at the end an
 * author card and the previous / next post of the same blog.
 */
export function PostView({
  post,
  tagHref,
  top,
  actions,
  like,
  share,
  priorityFirstImage = true,
  reading,
  mentionActions,
}: PostViewProps) {
  // A take of a revealed two-takes post: the topic and both takes, one conversation under them.
  if (reading?.pair?.takes.length)
    return (
      <TwoTakesView
        pair={reading.pair}
        tagHref={tagHref}
        top={top}
        actions={actions}
        footer={
          <>
            {like}
            {share}
          </>
        }
      />
    );
  // A feature image comes before the content's images: it is the page's first image then.
  const feature = priorityFirstImage && featureImageUrl(post) !== null;
  const updated = formatDate(post.lastUpdated);
  const author = reading?.author ?? null;
  return (
    <article className="post">
      {top}
      <header className="post-header">
        <h1 className="post-title">{post.title}</h1>
        <div className="post-byline">
          {author ? <AuthorAvatar profile={author} size="small" /> : null}
          <div className="post-byline-text">
            <p className="post-meta">
              <span>
                By <Link to={paths.blog(post.author)}>{authorName(author ?? { author: post.author })}</Link>
              </span>
              <span aria-hidden="true"> · </span>
              <time dateTime={post.date}>{formatDate(post.date)}</time>
              {reading ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="post-reading-time">{readingTimeLabel(reading.readingMinutes)}</span>
                </>
              ) : null}
              {updated && post.lastUpdated ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="post-updated">
                    Updated <time dateTime={post.lastUpdated}>{updated}</time>
                  </span>
                </>
              ) : null}
            </p>
            {author?.bio ? <p className="post-byline-bio">{author.bio}</p> : null}
          </div>
        </div>
        {actions ? <div className="post-actions">{actions}</div> : null}
      </header>
      <FeatureImage post={post} priority={priorityFirstImage} />
      <PostContent html={post.content} images={post.images} priorityFirst={priorityFirstImage && !feature} />
      <PostTags tags={post.hashtags} tagHref={tagHref} label="Hashtags" />
      <footer className="post-footer">
        {like ?? (
          <p className="post-likes">
            <span aria-hidden="true">♥ </span>
            {post.likes} {post.likes === 1 ? "like" : "likes"}
          </p>
        )}
        {share}
        {reading?.socialWeb ? <SocialWebLine reactions={reading.socialWeb} /> : null}
        {reading?.bluesky ? <BlueskyLine counts={reading.bluesky} /> : null}
      </footer>
      {author ? <AuthorCard profile={author} /> : null}
      {reading ? (
        <PostNeighbours author={post.author} previous={reading.previous} next={reading.next} />
      ) : null}
      {reading?.mentions?.length || mentionActions ? (
        <PostMentions mentions={reading?.mentions ?? []} actions={mentionActions} />
      ) : null}
    </article>
  );
}
