import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { AuthorKey } from "../../../../common/limits";
import { paths } from "../../../../common/routes";
import { PUBLISHING_MESSAGES } from "../../../../common/schemas/post-status";
import { ApiError } from "../../../lib/api";
import { type Publishing, useAfterCreatePost } from "../api/create-post";
import { clearStoredDraft, readStoredDraft, type StoredDraft } from "../draft-storage";
import { type EditorValue, emptyEditorValue, isBlank } from "../editor-model";
import { useDraftSaving } from "../use-draft-saving";
import { useUnsavedChanges } from "../use-unsaved-changes";
import { REQUIRED_TEXT, requiredErrors } from "../validate";
import { type FieldErrors, PostEditor, type PostEditorHandle } from "./post-editor";
import { type FormAction, PublishActions } from "./publish-actions";
import { ResumeOffer } from "./resume-offer";
import { SendOptions } from "./send-options";

// SPEC §8 publish messages.
export const PUBLISH_SUCCESS_TEXT = "Blog post published successfully!";
export const PUBLISH_FAILURE_TEXT = "Failed to publish blog post. Please try again.";
// Drafts and scheduling (docs/decisions/0009).
export const DRAFT_SAVED_TEXT = "Draft saved.";
export const DRAFT_FAILURE_TEXT = "Failed to save the draft. Please try again.";
export const SCHEDULE_FAILURE_TEXT = "Failed to schedule the post. Please try again.";

type Status = { kind: "success" | "error"; text: string; link?: { to: string; text: string } };

const postPath = paths.post;

/** /admin: the new-post form (a lazily loaded chunk; readers never download it). */
export default function NewPostForm({ ownAuthor }: { ownAuthor: AuthorKey | null }) {
  const afterWrite = useAfterCreatePost();
  const messageId = useId();
  const editor = useRef<PostEditorHandle>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const [value, setValue] = useState<EditorValue>(() => emptyEditorValue(ownAuthor ?? "him"));
  const [offer, setOffer] = useState<StoredDraft | null>(() => {
    const stored = readStoredDraft();
    return stored && !isBlank(stored.value) ? stored : null;
  });
  const [busy, setBusy] = useState<FormAction | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status | null>(null);
  const drafts = useDraftSaving({ value, setValue, paused: offer !== null });
  // Writing a new post instead of answering the offer: the new work is the one kept (the earlier
  // draft, if saved, stays among the author's posts).
  useEffect(() => {
    if (offer && !isBlank(value) && value !== offer.value) setOffer(null);
  }, [offer, value]);
  useUnsavedChanges(busy === null && drafts.dirty);

  // After publish, a save or a failure, focus goes to the message (its link leads on).
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) message.current?.focus();
  }, [shown]);
  const show = (next: Status) => {
    setStatus(next);
    setShown((n) => n + 1);
  };

  /** Checks the required fields; on error, ties the message to them and focuses the first. */
  const checkRequired = () => {
    const invalid = requiredErrors(value, messageId);
    setErrors(invalid ?? {});
    if (!invalid) return true;
    setStatus({ kind: "error", text: REQUIRED_TEXT });
    editor.current?.focusFirstInvalid(invalid);
    return false;
  };

  const run = async (
    action: FormAction,
    publishing: Publishing,
    failure: string,
    success: (id: string) => Status,
  ) => {
    if (busy) return;
    setStatus(null);
    if (!checkRequired()) return;
    setBusy(action);
    try {
      const post = await drafts.save(publishing);
      await afterWrite();
      if (action !== "draft") {
        // SPEC §4: after publish the form clears but keeps the chosen author.
        drafts.reset();
        setValue(emptyEditorValue(value.author));
      }
      show(success(post.id));
    } catch (error) {
      const serverSays = error instanceof ApiError && error.status === 400 && action === "schedule";
      show({ kind: "error", text: serverSays ? (error as ApiError).message : failure });
    } finally {
      setBusy(null);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run("publish", { status: "published" }, PUBLISH_FAILURE_TEXT, (id) => ({
      kind: "success",
      text: PUBLISH_SUCCESS_TEXT,
      link: { to: postPath(id), text: "View post" },
    }));
  };

  const handleSchedule = (local: string) => {
    if (busy) return;
    if (!local) {
      show({ kind: "error", text: PUBLISHING_MESSAGES.publishAtRequired });
      return;
    }
    const at = new Date(local);
    void run(
      "schedule",
      { status: "scheduled", publishAt: at.toISOString() },
      SCHEDULE_FAILURE_TEXT,
      (id) => ({
        kind: "success",
        text: `Post scheduled for ${at.toLocaleString()}.`,
        link: { to: postPath(id), text: "Preview" },
      }),
    );
  };

  const handlePreview = async () => {
    if (busy) return;
    setStatus(null);
    if (!checkRequired()) return;
    // Opened now, while the click still counts as the author's gesture; filled once saved.
    const tab = window.open("about:blank", "_blank");
    setBusy("preview");
    try {
      const post = await drafts.save({});
      if (tab) tab.location.href = postPath(post.id);
      else
        show({ kind: "success", text: DRAFT_SAVED_TEXT, link: { to: postPath(post.id), text: "Preview" } });
    } catch {
      tab?.close();
      show({ kind: "error", text: DRAFT_FAILURE_TEXT });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {offer ? (
        <ResumeOffer
          stored={offer}
          onContinue={() => {
            setValue(offer.value);
            drafts.resume(offer.draftId);
            setOffer(null);
          }}
          onDiscard={() => {
            clearStoredDraft();
            setOffer(null);
          }}
        />
      ) : null}
      <form className="post-form" onSubmit={handleSubmit} aria-labelledby="new-post-heading" noValidate>
        <h2 id="new-post-heading">New post</h2>
        <PostEditor
          ref={editor}
          value={value}
          onChange={setValue}
          mode="create"
          ownAuthor={ownAuthor}
          errors={errors}
          side={
            <div className="publish-box">
              {status ? (
                <p
                  id={messageId}
                  ref={message}
                  tabIndex={-1}
                  className={status.kind === "success" ? "form-success" : "form-error"}
                  role={status.kind === "success" ? "status" : "alert"}
                >
                  {status.text}
                  {status.link ? (
                    <>
                      {" "}
                      <Link to={status.link.to}>{status.link.text}</Link>
                    </>
                  ) : null}
                </p>
              ) : null}
              <SendOptions
                checked={value.sendToFollowers !== false}
                onChange={(send) => setValue((v) => ({ ...v, sendToFollowers: send }))}
                postForTest={async () => {
                  if (!checkRequired()) throw new Error(REQUIRED_TEXT);
                  return (await drafts.save({})).id;
                }}
                testHint="Saves the post as a draft first."
              />
              <PublishActions
                busy={busy}
                savedAt={drafts.savedAt}
                onDraft={() =>
                  void run("draft", {}, DRAFT_FAILURE_TEXT, (id) => ({
                    kind: "success",
                    text: DRAFT_SAVED_TEXT,
                    link: { to: postPath(id), text: "Preview" },
                  }))
                }
                onPreview={() => void handlePreview()}
                onSchedule={handleSchedule}
              />
            </div>
          }
        />
      </form>
    </>
  );
}
