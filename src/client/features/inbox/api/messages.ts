import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { contactMessages } from "../../../../common/api";
import type { ContactMessage } from "../../../../common/engagement";
import type { Page } from "../../../../common/types";
import { call } from "../../../lib/api";

export const inboxQueryKey = ["contact-messages"] as const;

/** Received contact messages, newest first, with delivery status (admins only). */
export function useInboxMessages() {
  return useInfiniteQuery<
    Page<ContactMessage>,
    Error,
    InfiniteData<Page<ContactMessage>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: inboxQueryKey,
    queryFn: ({ pageParam, signal }) => call(contactMessages, { query: { cursor: pageParam }, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
