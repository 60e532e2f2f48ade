import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { AuthorKey } from "../../../../common/limits";
import { parseHashtagsOnCreate } from "../../../../common/rules/hashtags";
import { createPost } from "../api/post-writes";
import { type EditorValue, emptyEditorValue, isBlank } from "../editor-model";
import { prepareBody } from "../save";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { PostEditor } from "./post-editor";

// SPEC §8 publish messages.
export const PUBLISH_SUCCESS_TEXT = "Blog post published successfully!";
export const PUBLISH_FAILURE_TEXT = "Failed to publish blog post. Please try again.";

/** /admin: the new-post form (a lazily loaded chunk; readers never download it). */
export default function NewPostForm({ ownAuthor }: { ownAuthor: AuthorKey | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<EditorValue>(() => emptyEditorValue(ownAuthor ?? "him"));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  useUnsavedChanges(!busy && !isBlank(value));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    if (!value.title.trim() || !value.content.trim()) {
      setStatus({ kind: "error", text: "Title and content are required." });
      return;
    }
    setBusy(true);
    let images = value.images;
    try {
      const prepared = await prepareBody(value, parseHashtagsOnCreate);
      images = prepared.images;
      await createPost({ ...prepared.body, author: value.author });
      await queryClient.invalidateQueries({ queryKey: ["posts"] });
      // SPEC §4: after publish the form clears but keeps the chosen author.
      setValue(emptyEditorValue(value.author));
      setStatus({ kind: "success", text: PUBLISH_SUCCESS_TEXT });
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
      <PostEditor value={value} onChange={setValue} mode="create" ownAuthor={ownAuthor} />
      {status ? (
        <p
          className={status.kind === "success" ? "form-success" : "form-error"}
          role={status.kind === "success" ? "status" : "alert"}
        >
          {status.text}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Publishing..." : "Publish"}
      </button>
    </form>
  );
}
