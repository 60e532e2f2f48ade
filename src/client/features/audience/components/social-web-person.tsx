import type { ReactNode } from "react";
import type { SocialWebFollower } from "../api/social-web";

/** Our copy of a remote person's avatar, or their initials (never an image from their server). */
export function PersonAvatar({ person }: { person: SocialWebFollower }) {
  if (person.avatarUrl)
    return <img className="audience-avatar" src={person.avatarUrl} alt="" width={64} height={64} />;
  return (
    <span className="audience-avatar audience-avatar--initials" aria-hidden="true">
      {person.initials}
    </span>
  );
}

/**
 * One row of a social-web list: avatar, the name over the handle (the handle alone when there is
 * no name, never twice), and the row's buttons, which go under the name on a phone.
 */
export function PersonRow({
  person,
  profileLink = false,
  extra,
  children,
}: {
  person: SocialWebFollower;
  /** The name links to their profile (opens their server). */
  profileLink?: boolean;
  /** More for the second line (", since …"). */
  extra?: string;
  children?: ReactNode;
}) {
  const label = person.name || person.handle;
  const meta = [person.name ? person.handle : null, extra].filter(Boolean).join(" · ");
  return (
    <li className="audience-person">
      <PersonAvatar person={person} />
      <span className="audience-person-who">
        {profileLink ? (
          <a href={person.actorId} rel="noopener noreferrer nofollow" target="_blank">
            {label}
          </a>
        ) : (
          <span>{label}</span>
        )}
        {meta ? <span className="audience-social-meta">{meta}</span> : null}
      </span>
      {children ? <span className="audience-person-actions">{children}</span> : null}
    </li>
  );
}
