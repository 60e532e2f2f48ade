import { useState } from "react";
import { type Comment, isStandIn } from "../../../../common/engagement";
import type { AuthorKey } from "../../../../common/limits";
import { canModerateComment } from "../../../../common/policies";
import { remoteServerOf } from "../../../../common/social-web";
import type { Viewer } from "../../../../common/types";
import { useBlock, useBlockServer, useReport, useSetHidden } from "../api/moderation";

export const MODERATION_TEXT = {
  confirmBlock: "Block this reader from commenting on your blog? Their comments on it will be hidden.",
  confirmBlockServer: (host: string) =>
    `Block ${host}? Nothing from anyone on that server will reach your blog any more.`,
  blockedServer: (host: string) => `${host} is blocked.`,
  reported: "Thanks, the author will have a look.",
  failed: "That did not work. Please try again.",
} as const;

/** Hide/Show and Block for the post's author; Report for other signed-in readers. */
export function ModerationActions({
  comment,
  post,
  viewer,
}: {
  comment: Comment;
  post: { id: string; author: AuthorKey };
  viewer: Viewer | null;
}) {
  const setHidden = useSetHidden(post.id);
  const block = useBlock(post.id);
  const report = useReport();
  const blockServer = useBlockServer();
  const [note, setNote] = useState<string | null>(null);
  if (!viewer || isStandIn(comment)) return null;
  const moderator = canModerateComment(viewer, post);
  const fail = () => setNote(MODERATION_TEXT.failed);
  const server = remoteServerOf(comment);

  if (moderator) {
    return (
      <>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => setHidden.mutate({ id: comment.id, hidden: !comment.hidden }, { onError: fail })}
          disabled={setHidden.isPending}
        >
          {comment.hidden ? "Show" : "Hide"}
        </button>
        {comment.userId !== viewer.id && !comment.isAuthor ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              if (window.confirm(MODERATION_TEXT.confirmBlock))
                block.mutate(comment.userId, { onError: fail });
            }}
            disabled={block.isPending}
          >
            Block
          </button>
        ) : null}
        {server ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              if (window.confirm(MODERATION_TEXT.confirmBlockServer(server)))
                blockServer.mutate(server, {
                  onSuccess: () => setNote(MODERATION_TEXT.blockedServer(server)),
                  onError: fail,
                });
            }}
            disabled={blockServer.isPending || blockServer.isSuccess}
          >
            {blockServer.isPending ? "Blocking..." : "Block server"}
          </button>
        ) : null}
        {note ? <span role="alert">{note}</span> : null}
      </>
    );
  }
  if (comment.userId === viewer.id) return null;
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() =>
          report.mutate(comment.id, { onSuccess: () => setNote(MODERATION_TEXT.reported), onError: fail })
        }
        disabled={report.isPending || report.isSuccess}
      >
        {report.isSuccess ? "Reported" : "Report"}
      </button>
      {note ? <span role="status">{note}</span> : null}
    </>
  );
}
