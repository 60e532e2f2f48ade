import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { Comment } from "../../../../common/engagement";
import { Field } from "../../../components/ui/field";
import { useUpdateComment } from "../api/comments";
import { COMMENTS_TEXT, failureText } from "../comments-text";
import { commentProblem } from "./comment-problem";

/** SPEC §4: Edit loads the text into an edit form; Save updates content and timestamp; Cancel closes it. */
export function CommentEditForm({
  comment,
  postId,
  onClose,
}: {
  comment: Comment;
  postId: string;
  onClose: () => void;
}) {
  const update = useUpdateComment(postId);
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    // Caret after the text, where a correction or an addition usually goes.
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const handleSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const problem = await commentProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate(
      { id: comment.id, content: draft.trim() },
      {
        onSuccess: onClose,
        onError: (e) => {
          setError(failureText(e, COMMENTS_TEXT.updateFailed));
          box.current?.focus();
        },
      },
    );
  };

  return (
    <form className="comment-form" onSubmit={handleSave} noValidate>
      <Field
        multiline
        ref={box}
        id={id}
        label="Edit comment"
        rows={3}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        error={error}
      />
      <div className="comment-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
