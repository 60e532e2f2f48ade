import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Field } from "../../../components/ui/field";
import { useAddComment } from "../api/comments";
import { COMMENTS_TEXT, failureText } from "../comments-text";
import { commentProblem, preloadCommentSchema } from "./comment-problem";

/** A new top-level comment, or (with `replyTo`) a reply to that comment. */
export function CommentForm({
  postId,
  replyTo,
  onDone,
  onCancel,
}: {
  postId: string;
  replyTo?: { id: string; author: string };
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const add = useAddComment(postId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(preloadCommentSchema, []);
  // A reply form opens where the reader clicked 'Reply': the caret goes straight into it.
  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    setError(null);
    const problem = await commentProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    add.mutate(
      { content: text.trim(), replyTo: replyTo?.id },
      {
        onSuccess: () => {
          setText("");
          // Focus stays in the conversation, ready for the next comment (it fell to <body>).
          if (!replyTo) box.current?.focus();
          onDone?.();
        },
        onError: (e) => setError(failureText(e, COMMENTS_TEXT.postFailed)),
      },
    );
  };

  return (
    <form
      className={replyTo ? "comment-form comment-reply-form" : "comment-form"}
      onSubmit={handleSubmit}
      noValidate
    >
      <Field
        multiline
        ref={box}
        id={id}
        label={replyTo ? `Reply to ${replyTo.author}` : "Add a comment"}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      <div className="comment-actions">
        {/* Busy keeps focus: aria-disabled, not disabled (a disabled button drops focus to <body>). */}
        <button type="submit" className="button" aria-disabled={add.isPending || undefined}>
          {add.isPending ? "Posting..." : replyTo ? "Post Reply" : "Post Comment"}
        </button>
        {onCancel ? (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
