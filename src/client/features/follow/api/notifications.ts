import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettingsResult } from "../../../../common/audience";
import { api } from "../../../lib/api";

export type NotificationSettings = NotificationSettingsResult;

const key = ["notifications"] as const;

export const useNotificationSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<NotificationSettings>("/api/notifications", { signal }),
  });

/** Switch a kind on or off; switching one on with an unproven address sends the link that proves it. */
export function useUpdateNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Pick<NotificationSettings, "replies" | "comments">>) =>
      api<NotificationSettings>("/api/notifications", { method: "PATCH", body: change }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}

/** /profile's "Send me the link". */
export function useRequestVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<NotificationSettings>("/api/notifications/verify-request", { method: "POST" }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}

/** The emailed link's page: its button proves the address. */
export function useConfirmMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ verified: true }>("/api/notifications/verify", { method: "POST", body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The "stop these emails" link of a notification. */
export const useStopNotifications = () =>
  useMutation({
    mutationFn: ({ token, kind }: { token: string; kind: string }) =>
      api<{ stopped: string }>(
        `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}&kind=${encodeURIComponent(kind)}`,
        { method: "POST" },
      ),
  });
