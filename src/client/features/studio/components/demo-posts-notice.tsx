import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useDemoPostCount, useRemoveDemoPosts } from "../api/demo-posts";

export const DEMO_TEXTS = {
  removed: "The demo posts were removed.",
  failed: "Failed to remove the demo posts. Please try again.",
} as const;

const posts = (n: number) => `${n} demo post${n === 1 ? "" : "s"}`;

/** A new install's demo posts go in one click, after a confirmation; edited ones stay. */
export function DemoPostsNotice() {
  const { data } = useDemoPostCount();
  const remove = useRemoveDemoPosts();
  const [confirming, setConfirming] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Keyboard users stay where the action went: on the question, then on the result.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (remove.isSuccess) statusRef.current?.focus();
  }, [remove.isSuccess]);

  if (remove.isSuccess) {
    return (
      <p className="studio-success demo-notice" role="status" ref={statusRef} tabIndex={-1}>
        {DEMO_TEXTS.removed}
      </p>
    );
  }
  if (!data || data.count === 0) return null;
  return (
    <section className="demo-notice" aria-labelledby="demo-heading">
      <h2 id="demo-heading">Demo posts</h2>
      <p>
        This blog still shows {posts(data.count)} that came with the install. Posts you wrote or edited stay.
      </p>
      {confirming ? (
        <div>
          <p>Remove the {posts(data.count)} with their likes and comments?</p>
          <button
            ref={confirmRef}
            type="button"
            className="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? "Removing..." : "Yes, Remove"}
          </button>{" "}
          <button
            type="button"
            className="button button-ghost"
            disabled={remove.isPending}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button-ghost" onClick={() => setConfirming(true)}>
          Remove demo posts
        </button>
      )}
      {remove.isError ? (
        <p className="studio-error" role="alert">
          {remove.error instanceof ApiError ? remove.error.message : DEMO_TEXTS.failed}
        </p>
      ) : null}
    </section>
  );
}
