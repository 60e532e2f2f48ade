import type { RemoteWriter } from "../../../../common/engagement";
import { initialsOf } from "../../posts/components/author-avatar";

/** A reply from the social web: our copy of its writer's avatar (never theirs), or their initials. */
export function RemoteAvatar({ writer, name }: { writer: RemoteWriter; name: string }) {
  const className = "author-avatar comment-avatar";
  if (writer.avatarUrl)
    return <img className={className} src={writer.avatarUrl} alt="" width={64} height={64} loading="lazy" />;
  return (
    <span className={`${className} author-avatar--initials`} aria-hidden="true">
      {/* 'Ana (@ana@social.example)': the name's initials, not the address's. */}
      {initialsOf(name.replace(/\s*\(@[^)]*\)$/, "").replace(/^@/, ""))}
    </span>
  );
}

/** The writer's name, linked to their profile on their own server. */
export function RemoteName({ writer, name }: { writer: RemoteWriter; name: string }) {
  if (!writer.profileUrl) return <>{name}</>;
  return (
    <a href={writer.profileUrl} rel="nofollow noopener noreferrer ugc" target="_blank">
      {name}
    </a>
  );
}
