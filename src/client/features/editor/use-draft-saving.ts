import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { parseHashtagsOnCreate } from "../../../common/rules/hashtags";
import type { BlogPost } from "../../../common/types";
import { ApiError } from "../../lib/api";
import { createPost, type Publishing } from "./api/create-post";
import { updatePost } from "./api/update-post";
import { clearStoredDraft, storeDraft } from "./draft-storage";
import { type EditorValue, isBlank, sameWork, savedContent } from "./editor-model";
import { prepareBody } from "./save";

/** While an author writes, the work is saved as a draft every few seconds. */
export const AUTOSAVE_INTERVAL_MS = 5_000;

/** The server keeps drafts to its own rule: title and content are required for any save. */
export const canSave = (v: EditorValue) => v.title.trim() !== "" && v.content.trim() !== "";

interface Options {
  value: EditorValue;
  setValue: Dispatch<SetStateAction<EditorValue>>;
  /** While the resume offer is open, the stored work is not overwritten. */
  paused: boolean;
}

/**
 * The new-post form's saving: one server draft per piece of work (created by the first save,
 * updated after), saves never overlap, autosave every few seconds and as the page is left,
 * and a copy in this browser on every change.
 */
export function useDraftSaving({ value, setValue, paused }: Options) {
  const draftId = useRef<string | null>(null);
  const saved = useRef<EditorValue | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const busy = useRef(false);
  /** Counts reset(): work queued before publishing or scheduling belongs to the finished post. */
  const generation = useRef(0);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const dirty = !sameWork(value, saved.current) && !isBlank(value);

  useEffect(() => {
    if (!paused && !isBlank(value)) storeDraft(value, draftId.current);
  }, [value, paused]);

  const send = useCallback(
    async (v: EditorValue, publishing: Publishing, autosave: boolean): Promise<BlogPost> => {
      const prepared = await prepareBody(v, parseHashtagsOnCreate);
      const uploaded = new Map(prepared.images.filter((i) => i.uploaded).map((i) => [i.id, i]));
      // Images uploaded by this save take their stored url; every setting changed meanwhile
      // (position, size, pairing, alt, caption) stays as the author left it.
      setValue((cur) => ({
        ...cur,
        images: cur.images.map((i) => {
          const done = i.uploaded ? undefined : uploaded.get(i.id);
          return done ? { ...i, url: done.url, previewUrl: done.previewUrl, uploaded: true, file: null } : i;
        }),
      }));
      let post: BlogPost | null = null;
      if (draftId.current) {
        try {
          post = await updatePost(draftId.current, {
            ...prepared.body,
            ...publishing,
            newPost: true,
            ...(autosave ? { autosave } : {}),
          });
        } catch (error) {
          // The draft was deleted elsewhere: this work becomes a new post.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }
      // A save that does not say otherwise keeps the work a draft (the API's default is to publish).
      post ??= await createPost({
        ...prepared.body,
        ...publishing,
        status: publishing.status ?? "draft",
        author: v.author,
      });
      draftId.current = post.id;
      saved.current = v;
      // The browser's copy now names the server draft, so a reopened /admin continues it.
      storeDraft(latest.current, post.id);
      // "Draft saved at…" is about drafts: a publish or schedule says so in its own message.
      if (!publishing.status || publishing.status === "draft") setSavedAt(new Date());
      return post;
    },
    [setValue],
  );

  /** Run after any save in flight: saves never overlap. */
  const enqueue = useCallback(<T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(job);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  /** Save now (serialised after any save in flight). */
  const save = useCallback(
    (publishing: Publishing): Promise<BlogPost> => enqueue(() => send(latest.current, publishing, false)),
    [enqueue, send],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (paused || busy.current || sameWork(latest.current, saved.current) || !canSave(latest.current))
        return;
      busy.current = true;
      const started = generation.current;
      enqueue(async () => {
        // Checked again when its turn comes: a publish queued first has saved this very work, or
        // the form has started afresh; an autosave then would touch the published post.
        const v = latest.current;
        if (started !== generation.current || sameWork(v, saved.current) || !canSave(v)) return;
        await send(v, {}, true);
      })
        .catch(() => undefined)
        .finally(() => {
          busy.current = false;
        });
    }, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, enqueue, send]);

  // Leaving the page: one last save that outlives it (images not uploaded yet stay behind).
  useEffect(() => {
    const handlePageHide = () => {
      const v = latest.current;
      if (paused || sameWork(v, saved.current) || !canSave(v)) return;
      storeDraft(v, draftId.current);
      const images = v.images.filter((i) => i.uploaded);
      const { content, images: stored, imageUrl } = savedContent({ ...v, images }, new Map());
      const body = {
        title: v.title.trim(),
        content,
        excerpt: v.excerpt.trim(),
        hashtags: parseHashtagsOnCreate(v.hashtags),
        images: stored,
        imageUrl,
        sendToFollowers: v.sendToFollowers !== false,
      };
      const request = draftId.current
        ? updatePost(draftId.current, { ...body, autosave: true, newPost: true }, { keepalive: true })
        : createPost({ ...body, author: v.author, status: "draft" }, { keepalive: true });
      request.catch(() => undefined);
    };
    window.addEventListener("pagehide", handlePageHide);
    return () => window.removeEventListener("pagehide", handlePageHide);
  }, [paused]);

  /** After publish or schedule: the next post starts afresh. */
  const reset = useCallback(() => {
    generation.current += 1;
    draftId.current = null;
    saved.current = null;
    setSavedAt(null);
    clearStoredDraft();
  }, []);

  /** Continue stored work: it saves into the same server draft. */
  const resume = useCallback((id: string | null) => {
    draftId.current = id;
  }, []);

  return { save, reset, resume, dirty, savedAt, draftId };
}
