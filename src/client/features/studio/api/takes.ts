import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  pairAccept,
  pairDecline,
  pairPropose,
  pairReady,
  pairsList,
  pairUnready,
  postCreate,
  postRead,
} from "../../../../common/api";
import type { AuthorKey } from "../../../../common/limits";
import { queryKeys } from "../../../../common/query-keys";
import type { PostPair } from "../../../../common/takes";
import { call } from "../../../lib/api";

// Two takes in the studio (docs/decisions/0046-two-takes.md): the pairs, as states only.
const pairsKey = ["takes"] as const;

export function usePairs() {
  return useQuery({ queryKey: pairsKey, queryFn: ({ signal }) => call(pairsList, { signal }), staleTime: 0 });
}

export interface Proposal {
  topic: string;
  prompt: string;
  revealAt: string | null;
}

export function useProposePair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Proposal) => call(pairPropose, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: pairsKey }),
  });
}

export type PairAction = "accept" | "decline" | "ready" | "unready";
const ACTIONS = { accept: pairAccept, decline: pairDecline, ready: pairReady, unready: pairUnready };

/** Accept, decline, mark ready, not ready yet: each answers the pair as it now stands. */
export function usePairAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PairAction) => call(ACTIONS[action], { params: { id }, body: {} }),
    onSuccess: async (pair: PostPair) => {
      client.setQueryData<PostPair[]>(pairsKey, (old) => old?.map((p) => (p.id === pair.id ? pair : p)));
      await client.invalidateQueries({ queryKey: pairsKey });
      // The reveal publishes both takes: every list of posts is stale.
      if (pair.state === "revealed") await client.invalidateQueries({ queryKey: queryKeys.postLists });
    },
  });
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A take starts as a draft titled with the topic, written in the canvas like any draft. A post
 * cannot be empty (the post API's rule), so its first line is the prompt (or the topic), for the
 * author to write over.
 */
export function useStartTake(pair: PostPair) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (author: AuthorKey) =>
      call(postCreate, {
        body: {
          author,
          pairId: pair.id,
          title: pair.topic,
          content: `<p>${escapeText(pair.prompt || pair.topic)}</p>`,
          status: "draft",
        },
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: pairsKey }),
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
      ]);
    },
  });
}

/** The author's own take (its address, for the canvas and, after the reveal, the post). */
export function useOwnTake(id: string | null) {
  return useQuery({
    queryKey: ["takes", "post", id],
    queryFn: ({ signal }) => call(postRead, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
