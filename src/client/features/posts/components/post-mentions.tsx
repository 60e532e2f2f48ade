import { type ReactNode, useRef, useState } from "react";
import { initialsOf } from "../../../../common/rules/initials";
import type { PostMention } from "../../../../common/social-web";
import { formatDate } from "./format";
import "../post-mentions.css";

export const MENTIONS_TEXT = { removed: "Mention removed." } as const;

/** The host a mention's page is on ("alice.example"), or the whole address when it has none. */
export function sourceHost(source: string): string {
  try {
    return new URL(source).host || source;
  } catch {
    return source;
  }
}

/** The post's author's control on a mention; `onRemoved` once it is gone (announced, focus moved). */
export type MentionActions = (mention: PostMention, onRemoved: () => void) => ReactNode;

/**
 * Other sites' Webmentions under a post (decision 0047): who, where (the source's host, linking
 * to it) with their photo (our copy) or initials, the excerpt as plain text and the date. Plain elements, server-rendered, no script.
 * `actions` (the post's author's Remove, a signed-in part) go on each; after a removal the heading
 * takes focus and the change is announced, the last one too.
 */
export function PostMentions({ mentions, actions }: { mentions: PostMention[]; actions?: MentionActions }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [note, setNote] = useState("");
  if (mentions.length === 0 && !note) return null;
  const removed = () => {
    setNote(MENTIONS_TEXT.removed);
    heading.current?.focus();
  };
  return (
    <section className="post-mentions" aria-labelledby="mentions-heading">
      <h2 id="mentions-heading" ref={heading} tabIndex={actions ? -1 : undefined}>
        Mentions
      </h2>
      <ul className="post-mentions-list">
        {mentions.map((m) => {
          const host = sourceHost(m.source);
          const name = m.authorName || host;
          return (
            <li key={m.id} className="post-mention">
              <p className="post-mention-line">
                {/* Our copy of their photo (never their server's), or their initials; the name says who. */}
                {m.authorPhoto ? (
                  <img className="post-mention-photo" src={m.authorPhoto} alt="" width={24} height={24} />
                ) : initialsOf(name) ? (
                  <span className="post-mention-photo" aria-hidden="true">
                    {initialsOf(name)}
                  </span>
                ) : null}
                {m.authorUrl ? (
                  <a href={m.authorUrl} rel="nofollow ugc">
                    {name}
                  </a>
                ) : (
                  <span>{name}</span>
                )}{" "}
                mentioned this on{" "}
                <a href={m.source} rel="nofollow ugc">
                  {host}
                </a>
              </p>
              {m.excerpt ? <p className="post-mention-excerpt">{m.excerpt}</p> : null}
              <time className="post-mention-date" dateTime={m.date}>
                {formatDate(m.date)}
              </time>
              {actions?.(m, removed)}
            </li>
          );
        })}
      </ul>
      {actions ? (
        <p className="post-mention-note" role="status">
          {note}
        </p>
      ) : null}
    </section>
  );
}
