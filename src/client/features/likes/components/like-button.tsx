import { useState } from "react";
import { useSession } from "../../../lib/session";
import { useLikeState, useToggleLike } from "../api/like";
import "../likes.css";

// SPEC §8 like messages.
export const LIKE_LOGIN_TEXT = "Please log in to like posts";
export const LIKE_FAILED_TEXT = "Failed to update like. Please try again.";

/** SPEC §4: shows whether I like the post and its count; a click toggles my like. */
export function LikeButton({ postId, likes }: { postId: string; likes: number }) {
  const { viewer } = useSession();
  const viewerId = viewer?.id ?? null;
  const state = useLikeState(postId, viewerId, likes);
  const toggle = useToggleLike(postId, viewerId);
  const [failed, setFailed] = useState(false);
  const liked = viewer ? (state.data?.liked ?? false) : false;
  const count = state.data?.likes ?? likes;

  const handleClick = () => {
    if (!viewer) {
      window.alert(LIKE_LOGIN_TEXT);
      return;
    }
    // Not disabled while busy (that would drop keyboard focus): a second press just waits its turn.
    if (toggle.isPending) return;
    setFailed(false);
    toggle.mutate(undefined, { onError: () => setFailed(true) });
  };

  return (
    <div className="like">
      <button
        type="button"
        className={liked ? "like-button like-button--on" : "like-button"}
        aria-pressed={liked}
        aria-busy={toggle.isPending || undefined}
        onClick={handleClick}
      >
        <span aria-hidden="true">{liked ? "♥" : "♡"}</span> Like
      </button>
      <span className="like-count" aria-live="polite">
        {count} {count === 1 ? "like" : "likes"}
      </span>
      {failed ? (
        <p className="like-error" role="alert">
          {LIKE_FAILED_TEXT}
        </p>
      ) : null}
    </div>
  );
}
