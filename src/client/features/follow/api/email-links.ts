import { useMutation } from "@tanstack/react-query";
import { followConfirm, followUnsubscribe } from "../../../../common/api";
import { call } from "../../../lib/api";

/** The emailed confirmation link's page confirms its tokens. */
export const useConfirmFollow = () =>
  useMutation({
    mutationFn: (tokens: string[]) => call(followConfirm, { body: { tokens } }),
  });

/** The emailed unsubscribe link's page (the same endpoint mail clients POST to for one click). */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => call(followUnsubscribe, { query: { token } }),
  });
