import { useMutation } from "@tanstack/react-query";
import type { Following } from "../../../../common/audience";
import type { AuthorKey } from "../../../../common/limits";
import { api } from "../../../lib/api";

/** The emailed confirmation link's page confirms its tokens. */
export const useConfirmFollow = () =>
  useMutation({
    mutationFn: (tokens: string[]) =>
      api<Following>("/api/follow/confirm", { method: "POST", body: { tokens } }),
  });

/** The emailed unsubscribe link's page (the same endpoint mail clients POST to for one click). */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) =>
      api<{ unsubscribed: AuthorKey }>(`/api/follow/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
      }),
  });
