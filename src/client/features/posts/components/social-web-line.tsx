import type { SocialWebReactions } from "../../../../common/social-web";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Likes and boosts from the social web, apart from readers' likes; who, on hover. */
export function socialWebText({ likes, boosts }: SocialWebReactions): string {
  return `${plural(likes, "like", "likes")} · ${plural(boosts, "boost", "boosts")} from the social web`;
}

export function SocialWebLine({ reactions }: { reactions: SocialWebReactions }) {
  return (
    <p className="post-social-web" title={reactions.names.join(", ") || undefined}>
      {socialWebText(reactions)}
    </p>
  );
}

/** Likes and reposts of the post's card on Bluesky, beside the social web's. */
export function blueskyText({ likes, reposts }: { likes: number; reposts: number }): string {
  return `${plural(likes, "like", "likes")} · ${plural(reposts, "repost", "reposts")} on Bluesky`;
}

export function BlueskyLine({ counts }: { counts: { likes: number; reposts: number } }) {
  return <p className="post-social-web">{blueskyText(counts)}</p>;
}
