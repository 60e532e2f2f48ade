import { type ReactNode, useState } from "react";
import type { OwnPostCard } from "../../../../common/types";
import { ApiError } from "../../../lib/api";
import { type PostControl, usePostControl } from "../api/post-control";
import { DeletePostButton } from "./delete-post-button";
import { statusText } from "./format";
import { RedateForm } from "./redate-form";
import { RevisionsPanel } from "./revisions-panel";

export interface OwnPostItemProps {
  post: OwnPostCard;
  /** The page of a post (the route table lives in the app). */
  postPath: (id: string) => string;
  /** Extra facts on a post's row (its view count, from the stats feature). */
  rowExtra?: (postId: string) => ReactNode;
  /** What happened, for the list's message (it takes focus). */
  onDone: (text: string, kind: "success" | "error") => void;
}

const FAILURE: Record<PostControl["kind"], string> = {
  // SPEC §8.
  publish: "Failed to publish blog post. Please try again.",
  unpublish: "Failed to unpublish the post. Please try again.",
  redate: "Failed to change the publish date. Please try again.",
  reschedule: "Failed to change the publish date. Please try again.",
  // SPEC §8.
  delete: "Failed to delete post. Please try again.",
};

/** One of the author's posts with what they can do to it. */
export function OwnPostItem({ post, postPath, rowExtra, onDone }: OwnPostItemProps) {
  const [showHistory, setShowHistory] = useState(false);
  const [redating, setRedating] = useState(false);
  const control = usePostControl(post.id);
  const isPublic = post.status === "published";
  // Decision 0046: a take of a pair not yet revealed stays a draft until both are revealed together.
  const sealed = post.sealedTake === true;
  const panelId = `revisions-${post.id}`;

  const run = async (action: PostControl, success: string) => {
    if (control.isPending) return;
    try {
      await control.mutateAsync(action);
      setRedating(false);
      onDone(success, "success");
    } catch (error) {
      const serverSays = error instanceof ApiError && error.status === 400;
      onDone(serverSays ? error.message : FAILURE[action.kind], "error");
    }
  };
  const busy = (kind: PostControl["kind"]) => control.isPending && control.variables?.kind === kind;

  return (
    <li className="own-post" data-status={post.status}>
      <div className="own-post-row">
        <div className="own-post-text">
          <h3 className="own-post-title">{post.title}</h3>
          <p className="own-post-meta">
            <span className={`studio-badge studio-badge--${post.status}`}>
              {statusText(post.status, post.date)}
            </span>{" "}
            {rowExtra?.(post.id)}
          </p>
          {sealed ? <p className="own-post-meta">Two takes: revealed with your partner's</p> : null}
          {/* Decision 0050: the partner can open and write it; "Stop sharing" is on its page. */}
          {post.shared ? <p className="own-post-meta">Shared with your partner</p> : null}
        </div>
        <div className="own-post-actions">
          {/* Control names start with their visible text, then say which post. */}
          <a
            className="button button-ghost"
            href={`${postPath(post.slug)}?edit=1`}
            aria-label={`Edit ${post.title}`}
          >
            Edit
          </a>
          <a
            className="button button-ghost"
            href={postPath(post.slug)}
            aria-label={`${isPublic ? "View" : "Preview"} ${post.title}`}
          >
            {isPublic ? "View" : "Preview"}
          </a>
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={showHistory}
            aria-controls={panelId}
            aria-label={`Revisions of ${post.title}`}
            onClick={() => setShowHistory((v) => !v)}
          >
            Revisions
          </button>
          {post.status === "draft" && !sealed ? (
            <button
              type="button"
              className="button button-ghost"
              aria-disabled={control.isPending}
              aria-label={`Publish ${post.title}`}
              onClick={() => void run({ kind: "publish" }, `'${post.title}' is published.`)}
            >
              {busy("publish") ? "Publishing..." : "Publish"}
            </button>
          ) : null}
          {post.status === "scheduled" ? (
            <button
              type="button"
              className="button button-ghost"
              aria-disabled={control.isPending}
              aria-label={`Publish now ${post.title}`}
              onClick={() => void run({ kind: "publish" }, `'${post.title}' is published.`)}
            >
              {busy("publish") ? "Publishing..." : "Publish now"}
            </button>
          ) : null}
          {post.status !== "draft" && !sealed ? (
            <button
              type="button"
              className="button button-ghost"
              aria-expanded={redating}
              aria-label={`Change date of ${post.title}`}
              onClick={() => setRedating((v) => !v)}
            >
              Change date
            </button>
          ) : null}
          {isPublic ? (
            <button
              type="button"
              className="button button-ghost"
              aria-disabled={control.isPending}
              aria-label={`Unpublish ${post.title}`}
              onClick={() => void run({ kind: "unpublish" }, `'${post.title}' is a draft again.`)}
            >
              {busy("unpublish") ? "Unpublishing..." : "Unpublish"}
            </button>
          ) : null}
          <DeletePostButton
            postId={post.id}
            title={post.title}
            busy={busy("delete")}
            onConfirm={() => run({ kind: "delete" }, `'${post.title}' was deleted.`)}
          />
        </div>
      </div>
      {redating && post.status !== "draft" ? (
        <RedateForm
          status={post.status}
          date={post.date}
          title={post.title}
          busy={busy("redate") || busy("reschedule")}
          onCancel={() => setRedating(false)}
          onSave={(at) =>
            void run(
              post.status === "scheduled"
                ? { kind: "reschedule", publishAt: at }
                : { kind: "redate", publishedAt: at },
              post.status === "scheduled"
                ? `'${post.title}' is now scheduled for ${new Date(at).toLocaleString()}.`
                : `'${post.title}' is now dated ${new Date(at).toLocaleString()}.`,
            )
          }
        />
      ) : null}
      {showHistory ? <RevisionsPanel id={panelId} postId={post.id} title={post.title} /> : null}
    </li>
  );
}
