import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { AuthorKey } from "../../../../common/limits";
import { parseHashtagsOnCreate } from "../../../../common/rules/hashtags";
import { createPost } from "../api/post-writes";
import { type EditorValue, emptyEditorValue, isBlank } from "../editor-model";
import { prepareBody } from "../save";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { REQUIRED_TEXT, requiredErrors } from "../validate";
import { type FieldErrors, PostEditor, type PostEditorHandle } from "./post-editor";

// SPEC §8 publish messages.
export const PUBLISH_SUCCESS_TEXT = "Blog post published successfully!";
export const PUBLISH_FAILURE_TEXT = "Failed to publish blog post. Please try again.";

type Status = { kind: "success"; text: string; postId: string } | { kind: "error"; text: string };

/** /admin: the new-post form (a lazily loaded chunk; readers never download it). */
export default function NewPostForm({ ownAuthor }: { ownAuthor: AuthorKey | null }) {
  const queryClient = useQueryClient();
  const messageId = useId();
  const editor = useRef<PostEditorHandle>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const [value, setValue] = useState<EditorValue>(() => emptyEditorValue(ownAuthor ?? "him"));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status | null>(null);
  useUnsavedChanges(!busy && !isBlank(value));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    const invalid = requiredErrors(value, messageId);
    setErrors(invalid ?? {});
    if (invalid) {
      setStatus({ kind: "error", text: REQUIRED_TEXT });
      editor.current?.focusFirstInvalid(invalid);
      return;
    }
    setBusy(true);
    let images = value.images;
    try {
      const prepared = await prepareBody(value, parseHashtagsOnCreate);
      images = prepared.images;
      const post = await createPost({ ...prepared.body, author: value.author });
      await queryClient.invalidateQueries({ queryKey: ["posts"] });
      // SPEC §4: after publish the form clears but keeps the chosen author.
      setValue(emptyEditorValue(value.author));
      setStatus({ kind: "success", text: PUBLISH_SUCCESS_TEXT, postId: post.id });
      // Focus goes to the message, whose link leads to the new post.
      requestAnimationFrame(() => message.current?.focus());
    } catch {
      setValue((v) => ({ ...v, images }));
      setStatus({ kind: "error", text: PUBLISH_FAILURE_TEXT });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="post-form" onSubmit={handleSubmit} aria-labelledby="new-post-heading" noValidate>
      <h2 id="new-post-heading">New post</h2>
      <PostEditor
        ref={editor}
        value={value}
        onChange={setValue}
        mode="create"
        ownAuthor={ownAuthor}
        errors={errors}
      />
      {status ? (
        <p
          id={messageId}
          ref={message}
          tabIndex={-1}
          className={status.kind === "success" ? "form-success" : "form-error"}
          role={status.kind === "success" ? "status" : "alert"}
        >
          {status.text}
          {status.kind === "success" ? (
            <>
              {" "}
              <Link to={`/post/${encodeURIComponent(status.postId)}`}>View post</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {/* Busy buttons keep focus: aria-disabled, not disabled. */}
      <button type="submit" className="button" aria-disabled={busy}>
        {busy ? "Publishing..." : "Publish"}
      </button>
    </form>
  );
}
