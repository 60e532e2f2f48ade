import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  notifications,
  notificationsStop,
  notificationsUpdate,
  notificationsVerify,
  notificationsVerifyRequest,
} from "../../../../common/api";
import type { NotificationSettingsResult } from "../../../../common/audience";
import { call } from "../../../lib/api";

export type NotificationSettings = NotificationSettingsResult;

const key = ["notifications"] as const;

export const useNotificationSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(notifications, { signal }),
  });

/** Switch a kind on or off; switching one on with an unproven address sends the link that proves it. */
export function useUpdateNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Pick<NotificationSettings, "replies" | "comments" | "takes">>) =>
      call(notificationsUpdate, { body: change }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}

/** /profile's "Send me the link". */
export function useRequestVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsVerifyRequest, {}),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}

/** The emailed link's page: its button proves the address. */
export function useConfirmMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(notificationsVerify, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The "stop these emails" link of a notification. */
export const useStopNotifications = () =>
  useMutation({
    mutationFn: ({ token, kind }: { token: string; kind: string }) =>
      // The link's kind as it came: the server refuses one it does not know.
      call(notificationsStop, { query: { token, kind: kind as "replies" | "comments" | "takes" } }),
  });
