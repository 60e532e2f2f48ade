import { useRef, useState } from "react";
import { canModerateComment } from "../../../../common/policies";
import type { PostMention } from "../../../../common/social-web";
import type { BlogPost, Viewer } from "../../../../common/types";
import { useRemoveMention } from "../api/remove-mention";

export const MENTION_REMOVE_TEXT = {
  confirm: "Remove this mention from under your post? It stays removed if the site sends it again.",
  failed: "That did not work. Please try again.",
} as const;

interface Props {
  mention: PostMention;
  post: Pick<BlogPost, "id" | "author">;
  viewer: Viewer | null;
  /** It is gone: the list announces it and moves focus. */
  onRemoved: () => void;
}

/** Remove, for the post's author only (the comment-moderation rule, as the server checks it). */
export function MentionRemove({ mention, post, viewer, onRemoved }: Props) {
  const remove = useRemoveMention(post.id);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  if (!canModerateComment(viewer, post)) return null;
  const handle = async () => {
    if (!window.confirm(MENTION_REMOVE_TEXT.confirm)) return;
    setError(null);
    try {
      await remove.mutateAsync(mention.id);
      // The item is gone with this button: the list decides where focus lands.
      onRemoved();
    } catch {
      setError(MENTION_REMOVE_TEXT.failed);
      button.current?.focus();
    }
  };
  return (
    <div className="post-mention-remove">
      <button
        type="button"
        ref={button}
        className="button button-ghost button-small"
        onClick={() => void handle()}
        disabled={remove.isPending}
      >
        {remove.isPending ? "Removing..." : "Remove"}
      </button>
      {error ? (
        <span className="form-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
