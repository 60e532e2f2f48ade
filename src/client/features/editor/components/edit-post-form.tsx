import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { postRead } from "../../../../common/api";
import { EDIT_REDIRECT_MS } from "../../../../common/limits";
import { parseHashtagsOnEdit } from "../../../../common/rules/hashtags";
import { PUBLISHING_MESSAGES } from "../../../../common/schemas/post-status";
import { TAKES_MESSAGES } from "../../../../common/schemas/takes";
import type { BlogPost } from "../../../../common/types";
import { ApiError, call } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { updatePost, useAfterUpdatePost } from "../api/update-post";
import { collabUser } from "../collab/caret";
import { PutOut } from "../collab/put-out";
import { useSharedImages } from "../collab/shared-images";
import { COLLAB_TEXT, useCollab } from "../collab/use-collab";
import { type EditorValue, editorValueFromPost } from "../editor-model";
import { prepareBody } from "../save";
import { useInlineAutosave } from "../use-inline-autosave";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { REQUIRED_TEXT, requiredErrors } from "../validate";
import { textToEditorHtml } from "../visual/convert";
import { type EditAction, EditActions, localDateTime } from "./edit-actions";
import { type FieldErrors, PostEditor, type PostEditorHandle } from "./post-editor";
import { SendOptions } from "./send-options";

// SPEC §8 edit messages.
export const UPDATE_SUCCESS_TEXT = "Blog post updated successfully!";
export const UPDATE_FAILURE_TEXT = "Failed to update blog post. Please try again.";
export const EDIT_NOT_FOUND_TEXT = "Post not found";
export const PUBLISH_NOW_SUCCESS_TEXT = "Blog post published successfully!";

interface Props {
  post: BlogPost;
  /** Where the author's blog is (SPEC §4: the view goes there 1.5 s after a successful edit). */
  blogPath: string;
  /** A take not yet revealed (the reading data says so): no Publish or Schedule of its own. */
  sealed?: boolean;
  /** The other author's draft shared with this one (decision 0050): never published from here. */
  partner?: boolean;
  onCancel: () => void;
}

/**
 * Inline edit mode on the post page: the studio's canvas (PostEditor) loaded from the saved post,
 * its actions in the side panel as on /admin (Save changes, Publish now, Publish at, Schedule).
 */
export default function EditPostForm(props: Props) {
  const { post: loaded, blogPath, sealed = false, partner = false, onCancel } = props;
  // The post as the page has it, or as loaded again after a save from outside the session.
  // (A newer post from the page, after a save of this form, wins over the reloaded one.)
  const [reloaded, setReloaded] = useState<{ over: BlogPost; post: BlogPost } | null>(null);
  const post = reloaded?.over === loaded ? reloaded.post : loaded;
  const afterWrite = useAfterUpdatePost();
  const navigate = useNavigate();
  const [initial] = useState(() => editorValueFromPost(post));
  const [value, setValue] = useState<EditorValue>(initial);
  const [busy, setBusy] = useState<EditAction | null>(null);
  const [saved, setSaved] = useState(false);
  // A draft or scheduled post stays in the form after a save (it is on no public list yet).
  const [savedValue, setSavedValue] = useState(initial);
  const unpublished = post.status !== "published";
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const messageId = useId();
  const editor = useRef<PostEditorHandle>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Writing together: both authors in a draft or scheduled post (a published one is edited alone).
  const { viewer } = useSession();
  const stored = useRef(loaded);
  const collab = useCollab({
    kind: "posts",
    id: post.id,
    user: viewer?.authorKey ? collabUser(viewer.displayName, viewer.authorKey) : null,
    // A sealed take is its author's alone until the reveal (decision 0046): never in a room.
    enabled: unpublished && !sealed && !!viewer?.authorKey,
    // The saved post as both tabs load it: the same HTML, so an empty room is seeded once.
    seedHtml: () => textToEditorHtml(editorValueFromPost(stored.current).content),
    reload: async () => {
      stored.current = await call(postRead, { params: { id: post.id } });
      // Published meanwhile: this form goes on alone (and stops autosaving).
      setReloaded({ over: loaded, post: stored.current });
      const fresh = editorValueFromPost(stored.current);
      setValue(fresh);
      setSavedValue(fresh);
    },
  });
  const together = collab.phase !== "alone";
  useUnsavedChanges(!busy && !saved && !collab.revoked && value !== savedValue);
  useSharedImages(collab.session?.doc ?? null, value.images, setValue);
  const autosavedAt = useInlineAutosave({
    postId: post.id,
    value,
    setValue,
    savedValue,
    onSaved: setSavedValue,
    enabled: unpublished && !collab.revoked,
    paused: busy !== null || saved,
    collab: together,
  });

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(blogPath), EDIT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, blogPath]);

  const save = async (action: EditAction, local = "") => {
    if (busy || saved) return;
    setStatus(null);
    const invalid = requiredErrors(value, messageId);
    setErrors(invalid ?? {});
    if (invalid) {
      setStatus({ kind: "error", text: REQUIRED_TEXT });
      editor.current?.focusFirstInvalid(invalid);
      return;
    }
    if (action === "schedule" && !local) {
      setStatus({ kind: "error", text: PUBLISHING_MESSAGES.publishAtRequired });
      return;
    }
    setBusy(action);
    let images = value.images;
    try {
      const prepared = await prepareBody(value, parseHashtagsOnEdit);
      images = prepared.images;
      const at = new Date(local);
      const publishing =
        action === "publish"
          ? { status: "published" as const }
          : action === "schedule"
            ? { status: "scheduled" as const, publishAt: at.toISOString() }
            : {};
      // Publishing ends the session for both: sent as a save from outside, so the partner's tab
      // reloads the post (now published) and edits it alone.
      const inSession = together && action !== "publish";
      const updated = await updatePost(post.id, { ...prepared.body, ...publishing }, { collab: inSession });
      // A draft or scheduled post stays in the form after a save (it is on no public list yet).
      const stays = action === "schedule" || (unpublished && action === "save");
      await afterWrite(unpublished && action === "save" ? undefined : updated);
      if (stays) {
        const next = images.every((i, n) => i === value.images[n]) ? value : { ...value, images };
        setValue(next);
        setSavedValue(next);
        setStatus({
          kind: "success",
          text: action === "schedule" ? `Post scheduled for ${at.toLocaleString()}.` : UPDATE_SUCCESS_TEXT,
        });
        return;
      }
      setSaved(true);
      setStatus({
        kind: "success",
        text: action === "publish" ? PUBLISH_NOW_SUCCESS_TEXT : UPDATE_SUCCESS_TEXT,
      });
    } catch (error) {
      setValue((v) => ({ ...v, images }));
      const notFound = error instanceof ApiError && error.status === 404;
      // The server's own words for a publish time it refuses (in the past, too far ahead), and
      // for a state it will not enter (a sealed take published alone: 409).
      const refused =
        error instanceof ApiError &&
        ((action === "schedule" && error.status === 400) || error.status === 409);
      setStatus({
        kind: "error",
        text: notFound ? EDIT_NOT_FOUND_TEXT : refused ? (error as ApiError).message : UPDATE_FAILURE_TEXT,
      });
    } finally {
      setBusy(null);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save("save");
  };

  // Put out: sharing stopped (4403) or the author published it (decision 0050).
  if (collab.revoked || (partner && !unpublished)) return <PutOut published={!collab.revoked} />;

  return (
    <form
      className="post-form post-form--inline"
      onSubmit={handleSubmit}
      aria-labelledby="edit-post-heading"
      noValidate
    >
      {/* The page's h1 while the post view is replaced by this form. */}
      <h1 id="edit-post-heading" ref={heading} tabIndex={-1}>
        Edit post
      </h1>
      {sealed ? (
        <p className="field-hint">{`A take of a two-takes post. ${TAKES_MESSAGES.sealed}`}</p>
      ) : partner ? (
        <p className="field-hint">{COLLAB_TEXT.sharedWithYou}</p>
      ) : unpublished ? (
        <p className="field-hint">
          {post.status === "scheduled"
            ? `Scheduled for ${new Date(post.date).toLocaleString()}: only you can see it until then.`
            : "A draft: only you can see it."}
        </p>
      ) : null}
      <PostEditor
        ref={editor}
        value={value}
        onChange={setValue}
        mode="edit"
        errors={errors}
        collab={unpublished && !sealed ? collab : null}
        notesOn={post.id}
        side={
          <div className="publish-box">
            {status ? (
              <p
                id={messageId}
                className={status.kind === "success" ? "form-success" : "form-error"}
                role={status.kind === "success" ? "status" : "alert"}
              >
                {status.text}
              </p>
            ) : null}
            {unpublished && !partner ? (
              <SendOptions
                checked={value.sendToFollowers !== false}
                onChange={(send) => setValue((v) => ({ ...v, sendToFollowers: send }))}
                postForTest={async () => post.id}
                testHint="The test shows the post as last saved."
              />
            ) : null}
            <EditActions
              busy={busy}
              done={saved}
              unpublished={unpublished}
              publishable={!sealed && !partner}
              scheduledAt={post.status === "scheduled" ? localDateTime(post.date) : ""}
              onPublishNow={() => void save("publish")}
              onSchedule={(local) => void save("schedule", local)}
              onCancel={onCancel}
              autosavedAt={autosavedAt}
            />
          </div>
        }
      />
    </form>
  );
}
