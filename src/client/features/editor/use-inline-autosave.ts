import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { parseHashtagsOnEdit } from "../../../common/rules/hashtags";
import { updatePost } from "./api/update-post";
import { type EditorValue, sameWork } from "./editor-model";
import { prepareBody } from "./save";
import { AUTOSAVE_INTERVAL_MS, canSave } from "./use-draft-saving";

interface Options {
  postId: string;
  value: EditorValue;
  setValue: Dispatch<SetStateAction<EditorValue>>;
  /** What the server holds: no autosave while the form holds the same work. */
  savedValue: EditorValue;
  onSaved: (value: EditorValue) => void;
  /** Only a draft or scheduled post: a published post's readers never see half-written edits. */
  enabled: boolean;
  /** While a save or publish of the form runs. */
  paused: boolean;
  /** Saving the shared document of a writing-together session. */
  collab?: boolean;
}

/**
 * Inline edit saves like /admin: every few seconds, when the work changed, an autosave
 * (a coalesced revision of kind 'autosave') of the draft; images picked meanwhile are uploaded
 * and keep every setting the author changed while they went up.
 */
export function useInlineAutosave({
  postId,
  value,
  setValue,
  savedValue,
  onSaved,
  enabled,
  paused,
  collab = false,
}: Options) {
  const latest = useRef({ value, savedValue, paused, collab });
  latest.current = { value, savedValue, paused, collab };
  const busy = useRef(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      const { value: v, savedValue: saved, paused: held } = latest.current;
      if (held || busy.current || sameWork(v, saved) || !canSave(v)) return;
      busy.current = true;
      (async () => {
        const prepared = await prepareBody(v, parseHashtagsOnEdit);
        const done = new Map(
          prepared.images.filter((i, n) => i.uploaded && !v.images[n]?.uploaded).map((i) => [i.id, i]),
        );
        await updatePost(postId, { ...prepared.body, autosave: true }, { collab: latest.current.collab });
        if (done.size > 0)
          setValue((cur) => ({
            ...cur,
            images: cur.images.map((i) => {
              const up = i.uploaded ? undefined : done.get(i.id);
              return up ? { ...i, url: up.url, previewUrl: up.previewUrl, uploaded: true, file: null } : i;
            }),
          }));
        onSaved(v);
        setSavedAt(new Date());
      })()
        .catch(() => undefined) // The next tick tries again; 'Save changes' says what failed.
        .finally(() => {
          busy.current = false;
        });
    }, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [enabled, postId, setValue, onSaved]);

  return savedAt;
}
