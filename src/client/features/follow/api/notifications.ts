import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface NotificationSettings {
  replies: boolean;
  comments: boolean;
}

const key = ["notifications"] as const;

export const useNotificationSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<NotificationSettings>("/api/notifications", { signal }),
  });

export function useUpdateNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<NotificationSettings>) =>
      api<NotificationSettings>("/api/notifications", { method: "PATCH", body: change }),
    onSuccess: (data) => client.setQueryData(key, data),
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
