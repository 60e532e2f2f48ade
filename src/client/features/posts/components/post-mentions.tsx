import type { PostMention } from "../../../../common/types";
import { formatDate } from "./format";

/** The host a mention's page is on ("alice.example"), or the whole address when it has none. */
export function sourceHost(source: string): string {
  try {
    return new URL(source).host || source;
  } catch {
    return source;
  }
}

/**
 * Other sites' Webmentions under a post (decision 0047): who, where (the source's host, linking
 * to it), the excerpt as plain text and the date. Plain elements, server-rendered, no script.
 */
export function PostMentions({ mentions }: { mentions: PostMention[] }) {
  return (
    <section className="post-mentions" aria-labelledby="mentions-heading">
      <h2 id="mentions-heading">Mentions</h2>
      <ul className="post-mentions-list">
        {mentions.map((m) => {
          const host = sourceHost(m.source);
          const name = m.authorName || host;
          return (
            <li key={m.id} className="post-mention">
              <p className="post-mention-line">
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
