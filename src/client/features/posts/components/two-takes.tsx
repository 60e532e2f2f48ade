import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../../../common/routes";
import type { PairReading, PairTake } from "../../../../common/types";
import { AuthorAvatar } from "./author-avatar";
import { authorName, formatDate } from "./format";
import { PostContent } from "./post-content";
import { PostTags } from "./post-tags";
import "../two-takes.css";

export interface TwoTakesViewProps {
  pair: PairReading;
  tagHref: (tag: string) => string;
  top?: ReactNode;
  actions?: ReactNode;
  /** Under both takes: the likes and the share button of the one conversation. */
  footer?: ReactNode;
}

const anchor = (take: PairTake) => `take-${take.post.author}`;
const nameOf = (take: PairTake) => authorName(take.author);

/** One take: its author's name, photo and date, then the text as any post's (decision 0046). */
function TakeColumn({
  take,
  tagHref,
  first,
}: {
  take: PairTake;
  tagHref: (tag: string) => string;
  first: boolean;
}) {
  const { post } = take;
  const headingId = `${anchor(take)}-title`;
  // Focusable from script only, so that following a jump link moves focus to the take (as a
  // comment's permalink does), not just the scroll.
  return (
    <section className="two-takes-take" id={anchor(take)} aria-labelledby={headingId} tabIndex={-1}>
      <header className="two-takes-take-header">
        <AuthorAvatar profile={take.author} size="small" />
        <div>
          <h2 className="two-takes-take-title" id={headingId}>
            {post.title}
          </h2>
          <p className="post-meta">
            By <Link to={paths.blog(post.author)}>{nameOf(take)}</Link>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
        </div>
      </header>
      <PostContent html={post.content} images={post.images} priorityFirst={first} />
      <PostTags tags={post.hashtags} tagHref={tagHref} label={`Hashtags of ${nameOf(take)}'s take`} />
    </section>
  );
}

/**
 * A revealed two-takes post: the topic, the prompt and both takes, side by side on a wide screen
 * and one after the other on a phone, with links to jump between them (two-takes.css).
 */
export function TwoTakesView({ pair, tagHref, top, actions, footer }: TwoTakesViewProps) {
  return (
    <article className="post two-takes">
      {top}
      <header className="post-header two-takes-header">
        <p className="two-takes-kicker">Two takes</p>
        <h1 className="post-title">{pair.topic}</h1>
        {pair.prompt ? <p className="two-takes-prompt">{pair.prompt}</p> : null}
        {actions ? <div className="post-actions">{actions}</div> : null}
        <nav className="two-takes-nav" aria-label="The two takes">
          <ul>
            {pair.takes.map((take) => (
              <li key={take.post.id}>
                <a href={`#${anchor(take)}`}>{`${nameOf(take)}'s take`}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="two-takes-columns">
        {pair.takes.map((take, i) => (
          <TakeColumn key={take.post.id} take={take} tagHref={tagHref} first={i === 0} />
        ))}
      </div>
      {footer ? <footer className="post-footer">{footer}</footer> : null}
    </article>
  );
}
