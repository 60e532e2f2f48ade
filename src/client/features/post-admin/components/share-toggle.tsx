import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { authorsList, postShare, postUnshare } from "../../../../common/api";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import { publicAuthorName } from "../../../../common/site-names";
import type { BlogPost } from "../../../../common/types";
import { ApiError, call } from "../../../lib/api";

// Draft sharing (docs/decisions/0050-draft-sharing.md): the post's author invites the other
// author into a draft or scheduled post, or stops. The server decides; this says what it said.

export const SHARE_FAILURE_TEXT = "Sharing could not be changed. Please try again.";

/** "Share with {partner}" / "Stop sharing", with what the share means, for the post's author. */
export function ShareToggle({ post, shared }: { post: BlogPost; shared: boolean }) {
  const [on, setOn] = useState(shared);
  // The reading data may arrive after the page: follow it.
  useEffect(() => setOn(shared), [shared]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const partner = post.author === "him" ? "her" : "him";
  const { data } = useQuery({
    queryKey: ["author-profiles"],
    queryFn: ({ signal }) => call(authorsList, { signal }),
    staleTime: 5 * 60_000,
  });
  const name = publicAuthorName(partner, data?.find((p) => p.author === partner)?.name);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const params = { params: { id: post.id } };
      const next = on ? await call(postUnshare, { ...params, query: {} }) : await call(postShare, params);
      setOn(next.shared);
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
        client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
      ]);
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 ? e.message : SHARE_FAILURE_TEXT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="post-share-toggle">
      <button
        type="button"
        className="button button-ghost"
        aria-disabled={busy}
        onClick={() => void toggle()}
      >
        {on ? "Stop sharing" : `Share with ${name}`}
      </button>
      <p className="field-hint" role="status">
        {on ? `Shared with ${name}: you can both open this draft and write it together.` : ""}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
